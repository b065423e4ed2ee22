// POST /api/characters/{id}/auto-yield/unstake
import { postCharacterUnstake } from "@/server/characters/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(postCharacterUnstake);
