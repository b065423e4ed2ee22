// GET, PUT /api/characters/{id}/auto-yield
import { getCharacterAutoYield, putCharacterAutoYield } from "@/server/characters/endpoints";
import { route } from "@/server/http/handler";

export const { GET, POST, PUT, PATCH, DELETE } = route(getCharacterAutoYield, putCharacterAutoYield);
