// POST /api/characters/{id}/auto-yield/survival
import { postCharacterSurvival } from "@/server/characters/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(postCharacterSurvival);
