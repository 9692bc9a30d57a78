import type { Message } from "../message";
import { mergeCatalogFiles } from "../merge-catalogs";

export default mergeCatalogFiles(
  import.meta.glob<Record<string, Message>>("/src/**/i18n/pcm.json", { eager: true, import: "default" }),
);
