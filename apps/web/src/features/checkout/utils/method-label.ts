/** Receipt names of the payment method keys (DESIGN "Payment methods"); an unknown key is shown as it came. */
const LABELS: Record<string, string> = {
  wallet: "Wallet",
  remita: "Remita",
  monnify: "Monnify (bank transfer)",
  paystack: "Paystack",
  bank_transfer: "Bank transfer",
};

export function methodLabel(key: string): string {
  return Object.hasOwn(LABELS, key) ? (LABELS[key] as string) : key;
}
