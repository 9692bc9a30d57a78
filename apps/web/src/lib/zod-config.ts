import { config } from "zod";

// Zod compiles fast parsers with `new Function` when it may. The app's Content-Security-Policy forbids
// eval, so the probe alone would be reported as a policy violation; parse without it.
config({ jitless: true });
