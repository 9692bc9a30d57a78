/**
 * The next string after every string starting with `prefix`, in code point order: `name ~>=~ prefix AND
 * name ~<~ next` is "starts with", in a form a text_pattern_ops index reads for any prefix, planned or not.
 */
export function prefixEnd(prefix: string): string {
  const points = [...prefix];
  const last = points.pop()!.codePointAt(0)!;
  // The last code point there is has no next: the bound then stops just short of names going on past it.
  return last === 0x10ffff ? `${prefix}\u{10ffff}` : points.join("") + String.fromCodePoint(last + 1);
}
