import { apiBlob } from "../../../lib/api-client";

/**
 * Opens a stored KYC document in a new tab. Its URL needs the bearer token, so it is fetched here and
 * shown through an object URL. The tab is opened before the fetch, while the click still counts as
 * the user's gesture (a tab opened after an await is blocked as a pop-up).
 */
export async function openKycDocument(path: string): Promise<void> {
  const tab = window.open("", "_blank");
  try {
    const blob = await apiBlob(path);
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.open(url, "_blank", "noopener");
    // The tab has loaded the blob by then; keep memory bounded.
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
