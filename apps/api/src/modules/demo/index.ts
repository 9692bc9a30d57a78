export { DEMO_PEOPLE, demoAccountLines, readyBlock, seedDemo } from "./demo.seed";
export type { DemoAccount } from "./demo.seed";
