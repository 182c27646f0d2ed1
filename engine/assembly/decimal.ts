/**
 * Decimal text of i32 lists, as JSON writes numbers ("-12,0,345"), for the signature views a sign
 * answer carries (1,536 numbers for ML-DSA-65). Written here it costs the engine worker a few µs;
 * JSON.stringify of a JavaScript array of the same numbers cost about 25 µs per signature
 * (docs/decisions/030). The numbers written are public (a signature's c and z), so the digit
 * table is indexed freely.
 */

/** "00".."99": two digits per look-up. */
const PAIRS: usize = memory.data<u8>([
  48, 48, 48, 49, 48, 50, 48, 51, 48, 52, 48, 53, 48, 54, 48, 55, 48, 56, 48, 57,
  49, 48, 49, 49, 49, 50, 49, 51, 49, 52, 49, 53, 49, 54, 49, 55, 49, 56, 49, 57,
  50, 48, 50, 49, 50, 50, 50, 51, 50, 52, 50, 53, 50, 54, 50, 55, 50, 56, 50, 57,
  51, 48, 51, 49, 51, 50, 51, 51, 51, 52, 51, 53, 51, 54, 51, 55, 51, 56, 51, 57,
  52, 48, 52, 49, 52, 50, 52, 51, 52, 52, 52, 53, 52, 54, 52, 55, 52, 56, 52, 57,
  53, 48, 53, 49, 53, 50, 53, 51, 53, 52, 53, 53, 53, 54, 53, 55, 53, 56, 53, 57,
  54, 48, 54, 49, 54, 50, 54, 51, 54, 52, 54, 53, 54, 54, 54, 55, 54, 56, 54, 57,
  55, 48, 55, 49, 55, 50, 55, 51, 55, 52, 55, 53, 55, 54, 55, 55, 55, 56, 55, 57,
  56, 48, 56, 49, 56, 50, 56, 51, 56, 52, 56, 53, 56, 54, 56, 55, 56, 56, 56, 57,
  57, 48, 57, 49, 57, 50, 57, 51, 57, 52, 57, 53, 57, 54, 57, 55, 57, 56, 57, 57,
]);

/** Digits of v (0 <= v < 10^10). */
@inline
function digitCount(v: u32): i32 {
  let n = 1;
  while (v >= 10) {
    v /= 10;
    n++;
  }
  return n;
}

/** Writes v in decimal at out (a '-' first when negative); returns the bytes written (at most 11). */
export function writeI32(out: usize, value: i32): i32 {
  let p = out;
  let v = <u32>value;
  if (value < 0) {
    store<u8>(p++, 45);
    v = <u32>(-(<i64>value));
  }
  const n = digitCount(v);
  let end = p + <usize>n;
  // Two digits at a time from the right, then a last single digit if one is left.
  while (v >= 100) {
    const pair = v % 100;
    v /= 100;
    end -= 2;
    store<u16>(end, load<u16>(PAIRS + (<usize>pair << 1)));
  }
  if (v >= 10) {
    store<u16>(end - 2, load<u16>(PAIRS + (<usize>v << 1)));
  } else {
    store<u8>(end - 1, <u8>(48 + v));
  }
  return <i32>(p - out) + n;
}

/** Writes `count` little-endian i32 values from src as "a,b,c" at out; returns the bytes written (at most 12 per value). */
export function writeI32List(out: usize, src: usize, count: i32): i32 {
  let p = out;
  for (let i = 0; i < count; i++) {
    if (i > 0) store<u8>(p++, 44);
    p += <usize>writeI32(p, load<i32>(src + (<usize>i << 2)));
  }
  return <i32>(p - out);
}
