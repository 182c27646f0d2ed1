/**
 * Dilion samples for Rust (reqwest + RustCrypto ml-dsa), C++ (libcurl + nlohmann/json + liboqs)
 * and Go (net/http + Cloudflare CIRCL). Each signs, verifies through the API, then verifies offline
 * as a third party would: FIPS 204 ML-DSA-65 over M = 0x00 || UTF-8(message) with the context.
 */
import { quoted, type SampleConfig } from './config.ts';

export function dilionRust(c: SampleConfig): string {
  return `// Cargo.toml: reqwest = { version = "0.12", features = ["blocking", "json"] }
//             serde_json = "1", base64 = "0.22", ml-dsa = "0.1"
use base64::{engine::general_purpose::STANDARD as B64, Engine};
use ml_dsa::{EncodedSignature, EncodedVerifyingKey, MlDsa65, Signature, VerifyingKey};
use serde_json::{json, Value};
use std::{error::Error, time::Duration};

const API_URL: &str = ${quoted(c.baseUrl)};
const API_KEY: &str = ${quoted(c.apiKey)};
const API_SECRET: &str = ${quoted(c.apiSecret)}; // keep it out of source control

fn call(client: &reqwest::blocking::Client, path: &str, body: Value) -> Result<Value, Box<dyn Error>> {
    let res = client
        .post(format!("{API_URL}{path}"))
        .header("x-api-key", API_KEY)
        .header("x-api-secret", API_SECRET)
        .json(&body)
        .send()?;
    let status = res.status();
    let json: Value = res.json()?;
    if !status.is_success() {
        // Errors are { message, code, param?, requestId }.
        return Err(format!("{status} {}: {}", json["code"], json["message"]).into());
    }
    Ok(json)
}

fn main() -> Result<(), Box<dyn Error>> {
    let client = reqwest::blocking::Client::builder().timeout(Duration::from_secs(30)).build()?;
    let message = "authentication request";
    let signed = call(&client, "/api/v1/crypto/dilion/sign", json!({ "message": message, "sid": "service-A" }))?;
    let checked = call(&client, "/api/v1/crypto/dilion/verify", json!({
        "message": message,
        "signature": signed["signature"]["encoded"],
        "publicKey": signed["publicKey"],
        "sid": "service-A",
    }))?;
    println!("server verify: {}", checked["valid"]);

    // Offline: M = 0x00 || UTF-8(message), ctx = UTF-8(context).
    let pk = B64.decode(signed["publicKey"].as_str().ok_or("no publicKey")?)?;
    let sig = B64.decode(signed["signature"]["encoded"].as_str().ok_or("no signature")?)?;
    let vk = VerifyingKey::<MlDsa65>::decode(&EncodedVerifyingKey::<MlDsa65>::try_from(pk.as_slice())?);
    let sig = Signature::<MlDsa65>::decode(&EncodedSignature::<MlDsa65>::try_from(sig.as_slice())?)
        .ok_or("malformed signature")?;
    let mut m = vec![0x00u8];
    m.extend_from_slice(message.as_bytes());
    let context = signed["context"].as_str().ok_or("no context")?;
    println!("offline verify: {}", vk.verify_with_context(&m, context.as_bytes(), &sig));
    Ok(())
}
`;
}

export function dilionCpp(c: SampleConfig): string {
  return `// g++ -std=c++17 example.cpp -lcurl -loqs   (nlohmann/json is header-only; liboqs >= 0.12)
#include <curl/curl.h>
#include <nlohmann/json.hpp>
#include <oqs/oqs.h>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

using json = nlohmann::json;

const std::string API_URL = ${quoted(c.baseUrl)};
const std::string API_KEY = ${quoted(c.apiKey)};
const std::string API_SECRET = ${quoted(c.apiSecret)};  // keep it out of source control

static size_t collect(char* data, size_t size, size_t n, void* out) {
  static_cast<std::string*>(out)->append(data, size * n);
  return size * n;
}

json call(const std::string& path, const json& body) {
  CURL* curl = curl_easy_init();
  std::string response, payload = body.dump();
  curl_slist* headers = curl_slist_append(nullptr, "Content-Type: application/json");
  headers = curl_slist_append(headers, ("x-api-key: " + API_KEY).c_str());
  headers = curl_slist_append(headers, ("x-api-secret: " + API_SECRET).c_str());
  curl_easy_setopt(curl, CURLOPT_URL, (API_URL + path).c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, payload.c_str());
  curl_easy_setopt(curl, CURLOPT_TIMEOUT, 30L);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &response);
  CURLcode rc = curl_easy_perform(curl);
  long status = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
  curl_slist_free_all(headers);
  curl_easy_cleanup(curl);
  if (rc != CURLE_OK) throw std::runtime_error(curl_easy_strerror(rc));
  json out = json::parse(response);
  // Errors are { message, code, param?, requestId }.
  if (status != 200) throw std::runtime_error(std::to_string(status) + " " + out["code"].get<std::string>() + ": " + out["message"].get<std::string>());
  return out;
}

std::vector<uint8_t> base64_decode(const std::string& in) {
  static const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::vector<uint8_t> out;
  unsigned buffer = 0;
  int bits = 0;
  for (char ch : in) {
    if (ch == '=') break;
    buffer = ((buffer << 6) | static_cast<unsigned>(alphabet.find(ch))) & 0xFFFFFF;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<uint8_t>((buffer >> bits) & 0xFF));
    }
  }
  return out;
}

int main() {
  const std::string message = "authentication request";
  json signed_msg = call("/api/v1/crypto/dilion/sign", {{"message", message}, {"sid", "service-A"}});
  json checked = call("/api/v1/crypto/dilion/verify", {{"message", message},
                                                   {"signature", signed_msg["signature"]["encoded"]},
                                                   {"publicKey", signed_msg["publicKey"]},
                                                   {"sid", "service-A"}});
  std::cout << "server verify: " << checked["valid"] << "\\n";

  // Offline with liboqs: M = 0x00 || UTF-8(message), ctx = UTF-8(context).
  std::vector<uint8_t> pk = base64_decode(signed_msg["publicKey"].get<std::string>());
  std::vector<uint8_t> sig = base64_decode(signed_msg["signature"]["encoded"].get<std::string>());
  std::vector<uint8_t> m{0x00};
  m.insert(m.end(), message.begin(), message.end());
  std::string ctx = signed_msg["context"].get<std::string>();
  OQS_STATUS ok = OQS_SIG_ml_dsa_65_verify_with_ctx_str(m.data(), m.size(), sig.data(), sig.size(),
                                                        reinterpret_cast<const uint8_t*>(ctx.data()), ctx.size(), pk.data());
  std::cout << "offline verify: " << std::boolalpha << (ok == OQS_SUCCESS) << "\\n";
}
`;
}

export function dilionGo(c: SampleConfig): string {
  return `// go get github.com/cloudflare/circl
package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"time"

	"github.com/cloudflare/circl/sign/mldsa/mldsa65"
)

const (
	apiURL    = ${quoted(c.baseUrl)}
	apiKey    = ${quoted(c.apiKey)}
	apiSecret = ${quoted(c.apiSecret)} // keep it out of source control
)

var client = &http.Client{Timeout: 30 * time.Second}

func call(path string, body any) (map[string]any, error) {
	payload, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequest(http.MethodPost, apiURL+path, bytes.NewReader(payload))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("x-api-key", apiKey)
	req.Header.Set("x-api-secret", apiSecret)
	res, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		return nil, err
	}
	if res.StatusCode != http.StatusOK { // errors are { message, code, param?, requestId }
		return nil, fmt.Errorf("%d %v: %v", res.StatusCode, out["code"], out["message"])
	}
	return out, nil
}

func main() {
	message := "authentication request"
	signed, err := call("/api/v1/crypto/dilion/sign", map[string]any{"message": message, "sid": "service-A"})
	if err != nil {
		log.Fatal(err)
	}
	encoded := signed["signature"].(map[string]any)["encoded"].(string)
	checked, err := call("/api/v1/crypto/dilion/verify", map[string]any{
		"message": message, "signature": encoded, "publicKey": signed["publicKey"], "sid": "service-A",
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("server verify:", checked["valid"])

	// Offline with CIRCL: M = 0x00 || UTF-8(message), ctx = UTF-8(context).
	pkBytes, err := base64.StdEncoding.DecodeString(signed["publicKey"].(string))
	if err != nil {
		log.Fatal(err)
	}
	sig, err := base64.StdEncoding.DecodeString(encoded)
	if err != nil {
		log.Fatal(err)
	}
	var pk mldsa65.PublicKey
	if err := pk.UnmarshalBinary(pkBytes); err != nil {
		log.Fatal(err)
	}
	m := append([]byte{0x00}, []byte(message)...)
	fmt.Println("offline verify:", mldsa65.Verify(&pk, m, []byte(signed["context"].(string)), sig))
}
`;
}
