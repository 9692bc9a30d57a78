import { TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { messageAst, type Message } from "./message";

const PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ACCENTED = [..."áƀçðéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýžÁƁÇÐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊÝŽ"];

/** Accents every letter and doubles every vowel, so a text grows by about 40 % as longer languages do. */
function stretch(text: string): string {
  let out = "";
  for (const char of text) {
    const index = PLAIN.indexOf(char);
    const accented = index < 0 ? char : ACCENTED[index]!;
    out += "aeiouAEIOU".includes(char) ? accented + accented : accented;
  }
  return out;
}

function visit(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: stretch(element.value) };
    if (element.type === TYPE.tag) return { ...element, children: visit(element.children) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [key, { ...option, value: visit(option.value) }]),
      );
      return { ...element, options };
    }
    return element;
  });
}

/**
 * The pseudo-locale's version of an English message (text in development, already parsed in a production
 * build): the same placeholders and tags, every letter accented, about 40 % longer, in brackets.
 */
export function pseudoLocalize(message: Message): MessageFormatElement[] {
  return [{ type: TYPE.literal, value: "[" }, ...visit(messageAst(message)), { type: TYPE.literal, value: "]" }];
}
