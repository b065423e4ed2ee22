// The bare node:http server of the catalog benchmark, in its own process like the app (so neither shares a
// thread with autocannon): answers every request with the bytes of the file given, as JSON.
//   node bench/_bare-server.ts BODY_FILE PORT
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [file, port] = process.argv.slice(2);
const body = readFileSync(file ?? "");
createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" }).end(body);
}).listen(Number(port), "127.0.0.1", () => process.stdout.write("ready\n"));
