// Zod schemas of the token endpoints (GET /svc/tokens, /svc/tokens/lookup): a token's symbol and decimals from the
// shipped list or the chain's own metadata.
import { z } from "zod";
import { chainId } from "../svc/schemas";

export const tokenListQuery = z.object({ chain: chainId });

export const tokenQuery = z.object({
  chain: chainId,
  address: z.string().min(1).max(200).meta({ description: "Mint (svm), coin type (move) or token contract (evm-a, evm-b); or a known symbol such as USDC.", example: "USDC" }),
});

const tokenInfo = z.object({
  chain: chainId,
  address: z.string(),
  symbol: z.string(),
  name: z.string(),
  decimals: z.number().int(),
});

export const tokenSchema = z
  .object({
    schemaVersion: z.literal("svc-token.v1"),
    chain: chainId,
    address: z.string(),
    symbol: z.string().nullable(),
    name: z.string().nullable(),
    decimals: z.number().int().nullable().meta({ description: "null when the chain could not say; amounts of this token cannot be entered then." }),
    source: z.enum(["token-list", "chain"]).nullable().meta({ description: "token-list: the service's shipped list; chain: the chain's own metadata read now." }),
    reason: z.string().nullable(),
    asOf: z.string(),
  })
  .meta({ id: "Token", description: "A token's symbol and decimals, from the shipped list or the chain's own metadata; never guessed." });

export const tokenListSchema = z
  .object({ schemaVersion: z.literal("svc-tokens.v1"), chain: chainId, tokens: z.array(tokenInfo) })
  .meta({ id: "TokenList", description: "The tokens the service knows by name on a chain (others resolve through GET /svc/tokens/lookup)." });
