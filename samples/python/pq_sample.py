"""Sign and verify with Dilion, then prove and verify with zk-FIDNA, through the PQ API (/api/v1).

Standard library only. Set PQ_API_URL (default http://localhost:5000), PQ_API_KEY and PQ_API_SECRET,
then run: python3 pq_sample.py
"""
import base64
import json
import os
import sys
import urllib.error
import urllib.request
import uuid

API_URL = os.environ.get("PQ_API_URL", "http://localhost:5000")
API_KEY = os.environ.get("PQ_API_KEY", "")
API_SECRET = os.environ.get("PQ_API_SECRET", "")


def call(path, body):
    """POST JSON to the API; on an error answer, print `status code: message` and exit."""
    request = urllib.request.Request(
        API_URL + path,
        data=json.dumps(body).encode(),
        headers={
            "Content-Type": "application/json",
            "x-api-key": API_KEY,
            "x-api-secret": API_SECRET,
            # A retried POST with the same key is answered once and charged once.
            "Idempotency-Key": str(uuid.uuid4()),
        },
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        text = error.read().decode(errors="replace")
        try:
            problem = json.loads(text)  # {"message", "code", "param"?, "requestId"}
            sys.exit(f"{error.code} {problem['code']}: {problem['message']}")
        except (ValueError, KeyError):
            sys.exit(f"{error.code}: {text}")
    except urllib.error.URLError as error:
        sys.exit(f"cannot reach {API_URL}: {error.reason}")


def main():
    if not API_KEY or not API_SECRET:
        sys.exit("set PQ_API_KEY and PQ_API_SECRET (and PQ_API_URL if not http://localhost:5000)")

    # Dilion: FIPS 204 ML-DSA-65 over 0x00 || UTF-8(message), with the context "dilion/v1|" + sid.
    message = "authentication request"
    signed = call("/api/v1/crypto/dilion/sign", {"message": message, "sid": "service-A"})
    print("dilion signature bytes:", len(base64.b64decode(signed["signature"]["encoded"])))
    print("dilion context:", signed["context"])
    checked = call("/api/v1/crypto/dilion/verify", {
        "message": message,
        "signature": signed["signature"]["encoded"],
        "publicKey": signed["publicKey"],
        "sid": "service-A",
    })
    print("server verify:", json.dumps(checked["valid"]))

    # zk-FIDNA: prove that a balance covers an amount without showing either.
    proved = call("/api/v1/crypto/zk-fidna/prove", {"secretValue": 650000, "balanceValue": 21930000, "circuitType": "balance_proof"})
    print("zk-fidna proof bytes:", len(base64.b64decode(proved["proof"]["encoded"])))
    # A verifier gets the proof and the public input, never the openings.
    verified = call("/api/v1/crypto/zk-fidna/verify", {"proof": proved["proof"], "publicInput": proved["publicInput"]})
    print("proof verify:", json.dumps(verified["valid"]))

    if not (checked["valid"] and verified["valid"]):
        sys.exit("a verification failed")


if __name__ == "__main__":
    main()
