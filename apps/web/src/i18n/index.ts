export { defineMessages, t, localeTag, type MessageDescriptor } from "./intl";
export { useLocale, setLocale, suggestLocale, getLocale, getApiLocale, type UiLocale } from "./locale-store";
