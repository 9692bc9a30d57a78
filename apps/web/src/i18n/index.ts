export { defineMessages, t, localeTag, type MessageDescriptor } from "./intl";
export { useLocale, setLocale, getLocale, getApiLocale, type UiLocale } from "./locale-store";
