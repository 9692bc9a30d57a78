/**
 * How a bill's parts are counted under its lines (and so its lines' departments): by cumulative largest
 * remainder. After each part, what the parts so far gave each line is the line's share of everything paid
 * so far, rounded down, the kobo left over going one each to the lines with the largest remainders (the
 * earlier line first on a tie); a part's share of a line is what that adds. Once the bill is paid in full,
 * every line has had exactly its total, to the kobo.
 *
 * Rounding the running total afresh after each part could take a kobo back from a line (the Alabama
 * paradox of largest remainders: a larger total can round one line down that a smaller one rounded up),
 * and a part never takes anything back: a line keeps a kobo it already has, and the part gives that kobo
 * to the lines next in line for one instead (fewest first from those it would have given the smallest
 * remainders). So no line is ever given more than its share rounded up, which is what makes the full
 * payment exact, and a line may, rarely, stand a kobo or two below its share rounded down until later parts.
 */

/**
 * What a part of `partKobo` gives each line (in the lines' order), given the line totals `lineKobo` and
 * what earlier parts gave each (`givenKobo`, summing to what was paid before). Each share is a whole
 * number of kobo, at least 0; the shares sum to the part; no line is ever given more than its total.
 */
export function partShares(lineKobo: readonly number[], givenKobo: readonly number[], partKobo: number): number[] {
  if (lineKobo.length === 0 || givenKobo.length !== lineKobo.length) throw new RangeError("one given amount per line");
  const lines = lineKobo.map(BigInt);
  const given = givenKobo.map(BigInt);
  const total = lines.reduce((sum, kobo) => sum + kobo, 0n);
  const paid = given.reduce((sum, kobo) => sum + kobo, 0n) + BigInt(partKobo);
  if (
    !Number.isSafeInteger(partKobo) ||
    partKobo < 0 ||
    paid > total ||
    lines.some((kobo) => kobo <= 0n) ||
    given.some((kobo, i) => kobo < 0n || kobo > lines[i]!)
  )
    throw new RangeError("a part must fit its bill");
  const target = cumulativeShares(lines, total, paid);
  // Nothing is taken back: each line has at least what it had.
  const next = target.map((kobo, i) => (kobo > given[i]! ? kobo : given[i]!));
  let over = next.reduce((sum, kobo) => sum + kobo, 0n) - paid;
  // What that added beyond the paid total comes off the lines this part raised, one kobo each in turn,
  // from the one the rounding favoured least.
  const leastFavoured = rankByRemainder(lines, total, paid).reverse();
  while (over > 0n) {
    for (const i of leastFavoured) {
      if (over === 0n) break;
      if (next[i]! > given[i]!) {
        next[i]! -= 1n;
        over -= 1n;
      }
    }
  }
  return next.map((kobo, i) => Number(kobo - given[i]!));
}

/** The lines' indexes, the largest remainder of their share of `paid` first, the earlier line first on a tie. */
function rankByRemainder(lines: readonly bigint[], total: bigint, paid: bigint): number[] {
  const remainders = lines.map((kobo) => (kobo * paid) % total);
  return lines
    .map((_, i) => i)
    .sort((a, b) => (remainders[a]! === remainders[b]! ? a - b : remainders[a]! > remainders[b]! ? -1 : 1));
}

/** Largest remainder: each line's share of `paid` rounded down, the kobo left over to the largest remainders. */
function cumulativeShares(lines: readonly bigint[], total: bigint, paid: bigint): bigint[] {
  const shares = lines.map((kobo) => (kobo * paid) / total);
  let left = paid - shares.reduce((sum, kobo) => sum + kobo, 0n);
  for (const i of rankByRemainder(lines, total, paid)) {
    if (left === 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares;
}

/**
 * What a bill's lines had from its parts before parts were split (migration 0030 kept that amount with
 * each bill then part paid): its largest-remainder shares, as if one part had paid it.
 */
export function unsplitShares(lineKobo: readonly number[], unsplitKobo: number): number[] {
  if (unsplitKobo === 0) return lineKobo.map(() => 0);
  return partShares(
    lineKobo,
    lineKobo.map(() => 0),
    unsplitKobo,
  );
}
