// Sign and verify with Dilion, then prove and verify with zk-FIDNA, through the PQ API (/api/v1).
// Standard library only (Go 1.19+). Set PQ_API_URL (default http://localhost:5000), PQ_API_KEY and
// PQ_API_SECRET, then: go run main.go
package main

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"
)

var (
	apiURL    = envOr("PQ_API_URL", "http://localhost:5000")
	apiKey    = os.Getenv("PQ_API_KEY")
	apiSecret = os.Getenv("PQ_API_SECRET")
	client    = &http.Client{Timeout: 30 * time.Second}
)

func envOr(name, fallback string) string {
	if value := os.Getenv(name); value != "" {
		return value
	}
	return fallback
}

func fail(line string) {
	fmt.Fprintln(os.Stderr, line)
	os.Exit(1)
}

// uuidV4 returns a random (version 4) UUID.
func uuidV4() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		fail("no randomness: " + err.Error())
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// call POSTs JSON to the API; on an error answer, it prints `status code: message` and exits.
func call(path string, body any) map[string]any {
	payload, err := json.Marshal(body)
	if err != nil {
		fail(err.Error())
	}
	req, err := http.NewRequest(http.MethodPost, apiURL+path, bytes.NewReader(payload))
	if err != nil {
		fail(err.Error())
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("x-api-key", apiKey)
	req.Header.Set("x-api-secret", apiSecret)
	// A retried POST with the same key is answered once and charged once.
	req.Header.Set("Idempotency-Key", uuidV4())
	res, err := client.Do(req)
	if err != nil {
		fail("cannot reach " + apiURL + ": " + err.Error())
	}
	defer res.Body.Close()
	text, err := io.ReadAll(res.Body)
	if err != nil {
		fail(err.Error())
	}
	var out map[string]any
	decodeErr := json.Unmarshal(text, &out)
	if res.StatusCode >= 200 && res.StatusCode < 300 && decodeErr == nil {
		return out
	}
	// Errors are { message, code, param?, requestId }.
	if code, ok := out["code"].(string); ok {
		fail(fmt.Sprintf("%d %s: %v", res.StatusCode, code, out["message"]))
	}
	fail(fmt.Sprintf("%d: %s", res.StatusCode, text))
	return nil
}

// decodedLen is the number of bytes a base64 string stands for.
func decodedLen(encoded any) int {
	s, _ := encoded.(string)
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		fail("not base64: " + err.Error())
	}
	return len(b)
}

func main() {
	if apiKey == "" || apiSecret == "" {
		fail("set PQ_API_KEY and PQ_API_SECRET (and PQ_API_URL if not http://localhost:5000)")
	}

	// Dilion: FIPS 204 ML-DSA-65 over 0x00 || UTF-8(message), with the context "dilion/v1|" + sid.
	message := "authentication request"
	signed := call("/api/v1/crypto/dilion/sign", map[string]any{"message": message, "sid": "service-A"})
	signature, _ := signed["signature"].(map[string]any)
	fmt.Println("dilion signature bytes:", decodedLen(signature["encoded"]))
	fmt.Println("dilion context:", signed["context"])
	checked := call("/api/v1/crypto/dilion/verify", map[string]any{
		"message": message, "signature": signature["encoded"], "publicKey": signed["publicKey"], "sid": "service-A",
	})
	fmt.Println("server verify:", checked["valid"])

	// zk-FIDNA: prove that a balance covers an amount without showing either.
	proved := call("/api/v1/crypto/zk-fidna/prove", map[string]any{
		"secretValue": 650000, "balanceValue": 21930000, "circuitType": "balance_proof",
	})
	proof, _ := proved["proof"].(map[string]any)
	fmt.Println("zk-fidna proof bytes:", decodedLen(proof["encoded"]))
	// A verifier gets the proof and the public input, never the openings.
	verified := call("/api/v1/crypto/zk-fidna/verify", map[string]any{"proof": proof, "publicInput": proved["publicInput"]})
	fmt.Println("proof verify:", verified["valid"])

	if checked["valid"] != true || verified["valid"] != true {
		fail("a verification failed")
	}
}
