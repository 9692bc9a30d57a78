/** The keys each simulated party checks, shared with the API so hashes and signatures agree. */
export interface SandboxCredentials {
  /** Catalogue provider token (path segment or bearer). */
  catalogueToken: string;
  remita: { merchantId: string; serviceTypeId: string; apiKey: string; publicKey: string };
  monnify: { apiKey: string; secretKey: string; contractCode: string };
  paystack: { secretKey: string; publicKey: string };
  /** The SMS provider's (Termii's) API key, sent in each message's body. */
  termii: { apiKey: string };
}

/** The sandbox defaults of docs/payments-contract.md ("Sandbox credentials"). */
export const SANDBOX_CREDENTIALS: SandboxCredentials = {
  catalogueToken: "sandbox-provider-token-203",
  remita: { merchantId: "2547916", serviceTypeId: "4430731", apiKey: "1946", publicKey: "pk_sandbox_remita_hospipay" },
  monnify: { apiKey: "MK_TEST_HOSPIPAY", secretKey: "sandbox-monnify-secret-hospipay", contractCode: "7059707855" },
  paystack: { secretKey: "sk_test_hospipay_sandbox", publicKey: "pk_test_hospipay_sandbox" },
  termii: { apiKey: "sandbox-termii-key-hospipay" },
};
