// Endpoints on one wallet's path, /api/v1/wallets/{address}/…: the address is the path parameter and the wallet the
// request touches, so it must be in the key's scope (403 WALLET_SCOPE).
import type { z } from "zod";
import { normalizeAddress } from "../chains/address";
import type { Db } from "../db/client";
import { endpoint, type Method, ok, type ReplyOf } from "./endpoint";
import type { Access } from "./roles";
import { addressParams } from "./schemas";

/** The fields that name an endpoint on `/api/v1/wallets/{address}/<rest>` and scope it to the path's wallet. */
export function walletRoute<M extends Method, A extends Access>(operationId: string, method: M, rest: string, summary: string, tags: string[], access: A) {
  const wallets = ({ params }: { params: { address: string } }) => params.address;
  return { operationId, method, path: `/api/v1/wallets/{address}/${rest}`, summary, tags, access, params: addressParams, wallets };
}

/** A GET (wallet.read) answering 200 with `read` of the path's wallet, normalized; `example` is a valid address. */
export function walletRead<S extends z.ZodType>(operationId: string, rest: string, summary: string, tags: string[], example: string, schema: S, read: (db: Db, wallet: string) => Promise<z.input<S>>) {
  return endpoint({
    ...walletRoute(operationId, "GET", rest, summary, tags, "wallet.read"),
    example: { params: { address: example } },
    responses: { 200: schema },
    // `read` answers the schema's input (checked where it is passed); TypeScript cannot resolve BodyOf<200, S> for an open S.
    handler: async ({ db, params: p }) => ok(await read(db, normalizeAddress(p.address))) as ReplyOf<{ 200: S }>,
  });
}
