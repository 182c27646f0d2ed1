/**
 * secp256k1 in a few lines of plain Python (affine points, None for the identity), for the samples
 * that check something offline with the standard library only: QES2's secp256k1 half and
 * zk-FIDNA's openings. Only public data goes through it, so constant time does not matter.
 */
export const PY_SECP256K1 = `P = 2**256 - 2**32 - 977
N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
G = (0x79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798,
     0x483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8)


def add(p, q):
    if p is None or q is None:
        return p or q
    if p[0] == q[0] and (p[1] + q[1]) % P == 0:
        return None
    if p == q:
        lam = 3 * p[0] * p[0] * pow(2 * p[1], -1, P) % P
    else:
        lam = (q[1] - p[1]) * pow(q[0] - p[0], -1, P) % P
    x = (lam * lam - p[0] - q[0]) % P
    return x, (lam * (p[0] - x) - p[1]) % P


def mul(k, point):
    result = None
    while k:
        if k & 1:
            result = add(result, point)
        point, k = add(point, point), k >> 1
    return result


def lift_x(x, odd):
    y = pow((x**3 + 7) % P, (P + 1) // 4, P)
    if x >= P or y * y % P != (x**3 + 7) % P:
        return None
    return x, (y if y % 2 == odd else P - y)`;
