// The props of swagger-ui-react that we use (the package ships no types; @types/swagger-ui-react is not needed for four props).
declare module "swagger-ui-react" {
  import type { ComponentType } from "react";
  export interface SwaggerUIProps {
    url?: string;
    docExpansion?: "list" | "full" | "none";
    deepLinking?: boolean;
    tryItOutEnabled?: boolean;
  }
  const SwaggerUI: ComponentType<SwaggerUIProps>;
  export default SwaggerUI;
}
