/** KYC fields and upgrade documents the tests share: valid input, with the files' real signatures. */
export const SAMPLE_KYC = {
  account_type: "INDIVIDUAL",
  dob: "1988-04-12",
  address: "12 Marina Road, Lagos Island",
  next_of_kin_name: "Bisi Adeyemi",
  next_of_kin_phone: "08021112222",
  next_of_kin_address: "12 Marina Road, Lagos Island",
  id_number: "12345678901",
  id_type: "NIN",
};

export const SAMPLE_PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(2_000, 0x20)]);
export const SAMPLE_PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 1)]);
export const SAMPLE_DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(800, 2)]);

export type UpgradeFiles = Record<string, { name: string; data: Buffer }>;

/** The corporate upgrade's three documents, their file names starting with prefix. */
export const upgradeDocuments = (prefix = ""): UpgradeFiles => ({
  utility_bill: { name: `${prefix}nepa-bill.pdf`, data: SAMPLE_PDF },
  cac_certificate: { name: `${prefix}cac.png`, data: SAMPLE_PNG },
  board_letter: { name: `${prefix}board-resolution.docx`, data: SAMPLE_DOCX },
});

/** POST /auth/kyc/upgrade/ as multipart over real HTTP, as the browser sends it. */
export async function uploadUpgrade(baseUrl: string, token: string, files: UpgradeFiles, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [slot, file] of Object.entries(files)) form.append(slot, new Blob([new Uint8Array(file.data)]), file.name);
  const response = await fetch(`${baseUrl}/auth/kyc/upgrade/`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON: the text says what it was
  }
  return { status: response.status, json, text };
}
