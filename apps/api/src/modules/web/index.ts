export { registerWebApp } from "./web.routes";
