/**
 * Samples for a two-call flow (sign then verify, prove then verify) in the five languages, used by
 * the QES2, zk-FIDNA and ML-KEM-768 tabs: the second call passes fields of the first response
 * through. The compiled languages use what samples/ uses (ureq and serde_json, libcurl and
 * nlohmann/json, Go's standard library), and compiled-samples.test.ts builds and runs each.
 */
import { quoted, type Language, type SampleConfig } from './config.ts';

type Value = { literal: string | number } | { from: string };

/**
 * The Rust samples' dependencies: ureq with rustls and the system's root certificates (https too),
 * at the versions Debian 12 packages, as samples/rust/Cargo.toml has them.
 */
export const RUST_DEPENDENCIES = `ureq = { version = "2.6", default-features = false, features = ["json", "tls", "native-certs"] }
serde_json = "1"
`;

export interface TwoStepFlow {
  first: { path: string; body: [string, string | number][] };
  second: { path: string; body: [string, Value][] };
  /** The member of the second answer the sample prints (default valid). */
  print?: string;
}

const lit = (v: string | number) => (typeof v === 'number' ? String(v) : quoted(v));

/** Renders `{ key: value, ... }` in each language's JSON-literal syntax. */
function body(lang: Language, entries: [string, Value][], firstVar: string): string {
  const value = (v: Value) => {
    if ('literal' in v) return lit(v.literal);
    if (lang === 'node') return `${firstVar}.${v.from}`;
    return `${firstVar}[${quoted(v.from)}]`;
  };
  const pairs = entries.map(([k, v]) => {
    if (lang === 'node') return `${k}: ${value(v)}`;
    if (lang === 'cpp') return `{${quoted(k)}, ${value(v)}}`;
    return `${quoted(k)}: ${value(v)}`;
  });
  if (lang === 'go') return `map[string]any{${pairs.join(', ')}}`;
  if (lang === 'rust') return `json!({ ${pairs.join(', ')} })`;
  if (lang === 'cpp') return `{${pairs.join(', ')}}`;
  return `{ ${pairs.join(', ')} }`;
}

export function twoStepSample(lang: Language, c: SampleConfig, flow: TwoStepFlow): string {
  const first = flow.first.body.map(([k, v]) => [k, { literal: v }] as [string, Value]);
  const b1 = body(lang, first, 'first');
  const b2 = body(lang, flow.second.body, 'first');
  const [p1, p2] = [quoted(flow.first.path), quoted(flow.second.path)];
  const shown = flow.print ?? 'valid';
  switch (lang) {
    case 'python':
      return `import json
import urllib.error
import urllib.request

API_URL = ${quoted(c.baseUrl)}
HEADERS = {"Content-Type": "application/json", "x-api-key": ${quoted(c.apiKey)}, "x-api-secret": ${quoted(c.apiSecret)}}


def call(path, body):
    request = urllib.request.Request(API_URL + path, data=json.dumps(body).encode(), headers=HEADERS, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        problem = json.load(error)
        raise SystemExit(f"{error.code} {problem['code']}: {problem['message']}")


first = call(${p1}, ${b1})
second = call(${p2}, ${b2})
print("${shown}:", second["${shown}"])
`;
    case 'node':
      return `const API_URL = ${quoted(c.baseUrl)};
const headers = { 'Content-Type': 'application/json', 'x-api-key': ${quoted(c.apiKey)}, 'x-api-secret': ${quoted(c.apiSecret)} };

async function call(path, body) {
  const res = await fetch(API_URL + path, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
  const json = await res.json();
  if (!res.ok) throw new Error(\`\${res.status} \${json.code}: \${json.message}\`);
  return json;
}

const first = await call(${p1}, ${b1});
const second = await call(${p2}, ${b2});
console.log('${shown}:', second.${shown});
`;
    case 'rust':
      return `// Cargo.toml [dependencies]:
${RUST_DEPENDENCIES.trimEnd().split('\n').map((line) => `//   ${line}`).join('\n')}
use serde_json::{json, Value};
use std::{error::Error, time::Duration};

const API_URL: &str = ${quoted(c.baseUrl)};

fn call(agent: &ureq::Agent, path: &str, body: Value) -> Result<Value, Box<dyn Error>> {
    let answer = agent.post(&format!("{API_URL}{path}"))
        .set("x-api-key", ${quoted(c.apiKey)})
        .set("x-api-secret", ${quoted(c.apiSecret)})
        .send_json(body);
    match answer {
        Ok(res) => Ok(res.into_json()?),
        Err(ureq::Error::Status(status, res)) => {
            let json: Value = res.into_json()?;
            Err(format!("{status} {}: {}", json["code"], json["message"]).into())
        }
        Err(e) => Err(e.into()),
    }
}

fn main() -> Result<(), Box<dyn Error>> {
    let agent = ureq::AgentBuilder::new().timeout(Duration::from_secs(30)).build();
    let first = call(&agent, ${p1}, ${b1})?;
    let second = call(&agent, ${p2}, ${b2})?;
    println!("${shown}: {}", second["${shown}"]);
    Ok(())
}
`;
    case 'cpp':
      return `// g++ -std=c++17 example.cpp -lcurl   (nlohmann/json is header-only)
#include <curl/curl.h>
#include <nlohmann/json.hpp>
#include <iostream>
#include <stdexcept>
#include <string>

using json = nlohmann::json;

static size_t collect(char* data, size_t size, size_t n, void* out) {
  static_cast<std::string*>(out)->append(data, size * n);
  return size * n;
}

json call(const std::string& path, const json& body) {
  CURL* curl = curl_easy_init();
  std::string response, payload = body.dump();
  curl_slist* headers = curl_slist_append(nullptr, "Content-Type: application/json");
  headers = curl_slist_append(headers, "x-api-key: " ${quoted(c.apiKey)});
  headers = curl_slist_append(headers, "x-api-secret: " ${quoted(c.apiSecret)});
  curl_easy_setopt(curl, CURLOPT_URL, (std::string(${quoted(c.baseUrl)}) + path).c_str());
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
  if (status != 200) throw std::runtime_error(std::to_string(status) + " " + out["code"].get<std::string>() + ": " + out["message"].get<std::string>());
  return out;
}

int main() {
  json first = call(${p1}, ${b1});
  json second = call(${p2}, ${b2});
  std::cout << "${shown}: " << second["${shown}"] << "\\n";
}
`;
    case 'go':
      return `package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"time"
)

const apiURL = ${quoted(c.baseUrl)}

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
	req.Header.Set("x-api-key", ${quoted(c.apiKey)})
	req.Header.Set("x-api-secret", ${quoted(c.apiSecret)})
	res, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		return nil, err
	}
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%d %v: %v", res.StatusCode, out["code"], out["message"])
	}
	return out, nil
}

func main() {
	first, err := call(${p1}, ${b1})
	if err != nil {
		log.Fatal(err)
	}
	second, err := call(${p2}, ${b2})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("${shown}:", second["${shown}"])
}
`;
  }
}
