import { englishMessages } from "../merge-catalogs";
import { pseudoLocalize } from "../pseudo-localize";

const english = englishMessages(
  import.meta.glob<Record<string, unknown>>(["/src/**/messages.ts", "/src/**/*.messages.ts"], { eager: true }),
);

export default Object.fromEntries([...english].map(([id, text]) => [id, pseudoLocalize(text)]));
