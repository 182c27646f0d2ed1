// Sign and verify with Dilion, then prove and verify with zk-FIDNA, through the PQ API (/api/v1).
// Needs libcurl and nlohmann/json (Debian: apt-get install libcurl4-openssl-dev nlohmann-json3-dev).
// Build: g++ -std=c++17 -O2 -o pq_sample pq_sample.cpp -lcurl   (or: make)
// Set PQ_API_URL (default http://localhost:5000), PQ_API_KEY and PQ_API_SECRET, then: ./pq_sample
#include <curl/curl.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

using json = nlohmann::json;

[[noreturn]] static void fail(const std::string& line) {
  std::cerr << line << "\n";
  std::exit(1);
}

static std::string env_or(const char* name, const std::string& fallback) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? value : fallback;
}

static const std::string API_URL = env_or("PQ_API_URL", "http://localhost:5000");
static const std::string API_KEY = env_or("PQ_API_KEY", "");
static const std::string API_SECRET = env_or("PQ_API_SECRET", "");

// A random (version 4) UUID.
static std::string uuid_v4() {
  std::random_device rd;
  unsigned char b[16];
  for (auto& x : b) x = static_cast<unsigned char>(rd());
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  char out[37];
  std::snprintf(out, sizeof out, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0], b[1], b[2],
                b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
  return out;
}

static size_t collect(char* data, size_t size, size_t n, void* out) {
  static_cast<std::string*>(out)->append(data, size * n);
  return size * n;
}

// POSTs JSON to the API; on an error answer, prints `status code: message` and exits.
static json call(const std::string& path, const json& body) {
  CURL* curl = curl_easy_init();
  if (curl == nullptr) fail("curl_easy_init failed");
  std::string response, payload = body.dump();
  curl_slist* headers = curl_slist_append(nullptr, "Content-Type: application/json");
  headers = curl_slist_append(headers, ("x-api-key: " + API_KEY).c_str());
  headers = curl_slist_append(headers, ("x-api-secret: " + API_SECRET).c_str());
  // A retried POST with the same key is answered once and charged once.
  headers = curl_slist_append(headers, ("Idempotency-Key: " + uuid_v4()).c_str());
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
  if (rc != CURLE_OK) fail("cannot reach " + API_URL + ": " + curl_easy_strerror(rc));
  json out = json::parse(response, nullptr, false);
  if (status >= 200 && status < 300 && !out.is_discarded()) return out;
  // Errors are { message, code, param?, requestId }.
  if (out.is_object() && out["code"].is_string() && out["message"].is_string())
    fail(std::to_string(status) + " " + out["code"].get<std::string>() + ": " + out["message"].get<std::string>());
  fail(std::to_string(status) + ": " + response);
}

// The number of bytes a padded base64 string stands for.
static size_t decoded_len(const json& encoded) {
  const std::string s = encoded.is_string() ? encoded.get<std::string>() : "";
  size_t padding = 0;
  for (auto it = s.rbegin(); it != s.rend() && *it == '='; ++it) ++padding;
  return s.size() / 4 * 3 - padding;
}

int main() {
  if (API_KEY.empty() || API_SECRET.empty())
    fail("set PQ_API_KEY and PQ_API_SECRET (and PQ_API_URL if not http://localhost:5000)");
  curl_global_init(CURL_GLOBAL_DEFAULT);

  // Dilion: FIPS 204 ML-DSA-65 over 0x00 || UTF-8(message), with the context "dilion/v1|" + sid.
  const std::string message = "authentication request";
  json signed_msg = call("/api/v1/crypto/dilion/sign", {{"message", message}, {"sid", "service-A"}});
  std::cout << "dilion signature bytes: " << decoded_len(signed_msg["signature"]["encoded"]) << "\n";
  std::cout << "dilion context: " << signed_msg["context"].get<std::string>() << "\n";
  json checked = call("/api/v1/crypto/dilion/verify", {{"message", message},
                                                      {"signature", signed_msg["signature"]["encoded"]},
                                                      {"publicKey", signed_msg["publicKey"]},
                                                      {"sid", "service-A"}});
  std::cout << "server verify: " << checked["valid"] << "\n";

  // zk-FIDNA: prove that a balance covers an amount without showing either.
  json proved = call("/api/v1/crypto/zk-fidna/prove",
                     {{"secretValue", 650000}, {"balanceValue", 21930000}, {"circuitType", "balance_proof"}});
  std::cout << "zk-fidna proof bytes: " << decoded_len(proved["proof"]["encoded"]) << "\n";
  // A verifier gets the proof and the public input, never the openings.
  json verified = call("/api/v1/crypto/zk-fidna/verify", {{"proof", proved["proof"]}, {"publicInput", proved["publicInput"]}});
  std::cout << "proof verify: " << verified["valid"] << "\n";

  curl_global_cleanup();
  if (checked["valid"] != true || verified["valid"] != true) fail("a verification failed");
}
