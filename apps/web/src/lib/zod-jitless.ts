// "zod" for the web build: vite.config.ts resolves every `import … from "zod"` (the contract's schemas
// included) to this module, so the setting below is made before any schema is built, in the chunk that
// holds zod, and the first download needs none of zod.
//
// Zod compiles fast parsers with `new Function` when it may. The app's Content-Security-Policy forbids
// eval, so the probe alone would be reported as a policy violation; parse without it.
import { config, z } from "zod/v4";

config({ jitless: true });

export * from "zod/v4";
export { z, z as default };
