//! Sign and verify with Dilion, then prove and verify with zk-FIDNA, through the PQ API (/api/v1).
//! Set PQ_API_URL (default http://localhost:5000), PQ_API_KEY and PQ_API_SECRET, then: cargo run
use serde_json::{json, Value};
use std::{env, process::exit, time::Duration};

struct Api {
    agent: ureq::Agent,
    url: String,
    key: String,
    secret: String,
}

impl Api {
    /// POSTs JSON to the API; on an error answer, prints `status code: message` and exits.
    fn call(&self, path: &str, body: Value) -> Value {
        let answer = self
            .agent
            .post(&format!("{}{}", self.url, path))
            .set("x-api-key", &self.key)
            .set("x-api-secret", &self.secret)
            // A retried POST with the same key is answered once and charged once.
            .set("Idempotency-Key", &uuid_v4())
            .send_json(body);
        match answer {
            Ok(res) => res.into_json().unwrap_or_else(|e| fail(&format!("unreadable answer: {e}"))),
            Err(ureq::Error::Status(status, res)) => {
                let text = res.into_string().unwrap_or_default();
                // Errors are { message, code, param?, requestId }.
                match serde_json::from_str::<Value>(&text) {
                    Ok(p) if p["code"].is_string() => fail(&format!(
                        "{status} {}: {}",
                        p["code"].as_str().unwrap_or_default(),
                        p["message"].as_str().unwrap_or_default()
                    )),
                    _ => fail(&format!("{status}: {text}")),
                }
            }
            Err(e) => fail(&format!("cannot reach {}: {e}", self.url)),
        }
    }
}

fn fail(line: &str) -> ! {
    eprintln!("{line}");
    exit(1)
}

/// A random (version 4) UUID.
fn uuid_v4() -> String {
    let mut b = [0u8; 16];
    getrandom::getrandom(&mut b).unwrap_or_else(|e| fail(&format!("no randomness: {e}")));
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!("{}-{}-{}-{}-{}", &hex[0..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..32])
}

fn decoded_len(encoded: &Value) -> usize {
    base64::decode(encoded.as_str().unwrap_or_default()).map_or(0, |bytes| bytes.len())
}

fn main() {
    let (key, secret) = match (env::var("PQ_API_KEY"), env::var("PQ_API_SECRET")) {
        (Ok(k), Ok(s)) if !k.is_empty() && !s.is_empty() => (k, s),
        _ => fail("set PQ_API_KEY and PQ_API_SECRET (and PQ_API_URL if not http://localhost:5000)"),
    };
    let api = Api {
        agent: ureq::AgentBuilder::new().timeout(Duration::from_secs(30)).build(),
        url: env::var("PQ_API_URL").unwrap_or_else(|_| "http://localhost:5000".into()),
        key,
        secret,
    };

    // Dilion: FIPS 204 ML-DSA-65 over 0x00 || UTF-8(message), with the context "dilion/v1|" + sid.
    let message = "authentication request";
    let signed = api.call("/api/v1/crypto/dilion/sign", json!({ "message": message, "sid": "service-A" }));
    println!("dilion signature bytes: {}", decoded_len(&signed["signature"]["encoded"]));
    println!("dilion context: {}", signed["context"].as_str().unwrap_or_default());
    let checked = api.call(
        "/api/v1/crypto/dilion/verify",
        json!({
            "message": message,
            "signature": signed["signature"]["encoded"],
            "publicKey": signed["publicKey"],
            "sid": "service-A",
        }),
    );
    println!("server verify: {}", checked["valid"]);

    // zk-FIDNA: prove that a balance covers an amount without showing either.
    let proved = api.call(
        "/api/v1/crypto/zk-fidna/prove",
        json!({ "secretValue": 650000, "balanceValue": 21930000, "circuitType": "balance_proof" }),
    );
    println!("zk-fidna proof bytes: {}", decoded_len(&proved["proof"]["encoded"]));
    // A verifier gets the proof and the public input, never the openings.
    let verified = api.call(
        "/api/v1/crypto/zk-fidna/verify",
        json!({ "proof": proved["proof"], "publicInput": proved["publicInput"] }),
    );
    println!("proof verify: {}", verified["valid"]);

    if checked["valid"] != true || verified["valid"] != true {
        fail("a verification failed");
    }
}
