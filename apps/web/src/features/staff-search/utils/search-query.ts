import { t } from "../../../i18n";
import { checkSearchText as checkText } from "../../../lib/search-text";
import { staffSearchMessages as m } from "../messages";

export { pageFrom } from "../../../lib/search-text";

/** The search text checked as the API checks it: the trimmed text, or the field's message (in the current language). */
export const checkSearchText = (text: string) => checkText(text, t(m.enterSearch));

/** The staff area a screen sits in ("/agentdashboard" of "/agentdashboard/search"). */
export function staffArea(pathname: string): string {
  return pathname.replace(/\/search\/?$/, "");
}
