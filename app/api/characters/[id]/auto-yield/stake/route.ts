// POST /api/characters/{id}/auto-yield/stake
import { postCharacterStake } from "@/server/characters/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(postCharacterStake);
