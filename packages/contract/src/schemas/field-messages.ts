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
} as const;
