/** DRF's wording for the common field errors, so screens can show server messages as they are. */
export const FIELD_MESSAGES = {
  required: "This field is required.",
  blank: "This field may not be blank.",
  notString: "Not a valid string.",
  email: "Enter a valid email address.",
  phone: "Enter a valid phone number.",
  maxLength: (max: number) => `Ensure this field has no more than ${max} characters.`,
  minLength: (min: number) => `Ensure this field has at least ${min} characters.`,
  amount: "Enter a valid amount.",
  nameCharacters: "Names cannot contain invisible, control or text-direction characters.",
  /** A KYC id_number that is not in its id_type's format (schemas/id-numbers.ts). */
  idNumber: {
    nin: "Enter your 11-digit NIN (numbers only).",
    passport: "Enter a Nigerian passport number: one letter and 8 digits, like A12345678.",
    driversLicense: "Enter a driver's licence number: 3 letters, then 6 to 12 letters or digits, like ABC12345AB12.",
    votersCard: "Enter the voter identification number (VIN) on your voter's card: 9 to 19 letters or digits.",
  },
} as const;
