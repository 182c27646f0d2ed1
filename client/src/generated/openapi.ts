/**
 * Generated from the server's OpenAPI document by client/scripts/openapi-types.ts: do not edit.
 * Run `npm run generate:client` after changing a public route's contract.
 */
export type paths = {
    "/api/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your API keys, newest first
         * @description Your own keys and the plan keys issued with purchases. Secrets are never listed; secretRevealable says whether a platform-created secret still waits for its one reveal. A signed-in session or a management API key (docs/decisions/057).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Keys */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiKeyList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description operation_not_allowed: the API key does not name the manage operation */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give a key a new secret
         * @description The key id stays; the new secret is in this response only. The old one keeps working 24 hours (previousSecretExpiresAt), or stops at once with revokeOldSecret: true. In a session with two-factor sign-in on, needs step-up (403 step_up_required). A management API key may rotate any key of its account, itself included, without step-up (docs/decisions/057).
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Numeric id */
                    id: number;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RotateKeyRequest"];
                };
            };
            responses: {
                /** @description The key with its new secret */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ApiKey"];
                    };
                };
                /** @description validation_error: what to fix is in message and param */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description operation_not_allowed: the API key does not name manage; step_up_required: the session needs a recent two-factor code */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such key on your account */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your account’s audit log, newest first
         * @description Sign-ins, credential changes, API key and signing key events, plan changes, exports and deletion, each chained to the one before it by SHA-256. A full page sets X-Next-Cursor: pass it back as `before`. A signed-in session or a management API key (docs/decisions/057), so a security team can pull the log into its own store.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Cursor: only events with a lower seq (the X-Next-Cursor of the previous page). */
                    before?: number;
                    /** @description Items per page, 1 to 100 (default 100). */
                    limit?: number;
                    /** @description Only events of this type. */
                    type?: "auth.sign_in" | "auth.sign_in_failed" | "auth.sign_out" | "auth.password_changed" | "auth.password_reset" | "auth.two_factor_enabled" | "auth.two_factor_disabled" | "auth.recovery_codes_regenerated" | "auth.email_changed" | "api_key.created" | "api_key.rotated" | "api_key.disabled" | "api_key.enabled" | "api_key.deleted" | "api_key.secret_revealed" | "api_key.restrictions_changed" | "signing_key.created" | "signing_key.public_key_exported" | "kem_key.created" | "key.rotated" | "key.disabled" | "key.enabled" | "key.deletion_scheduled" | "key.deletion_cancelled" | "key.destroyed" | "key.imported" | "key.rotation_period_changed" | "plan.purchased" | "plan.expired" | "plan.set_by_operator" | "account.data_exported" | "account.deleted";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of events; a full page sets X-Next-Cursor */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["AuditEventList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description operation_not_allowed: the API key does not name the manage operation */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/crypto/dilion/sign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign a message with Dilion (ML-DSA-65)
         * @description Metered: one call. The signature is FIPS 204 ML-DSA-65 (pure, hedged) over M with context ctx = UTF-8(context) ("dilion/v1|" + sid). Without uid (pidCipher "N/A"), M = the byte 0x00 followed by the message's UTF-8 bytes. With uid, M = 0x01 ‖ serviceKeyId (32 bytes, hex-decoded) ‖ C1 (1,088) ‖ u16be(|C2|) ‖ C2 ‖ UTF-8(message), C1 and C2 base64-decoded from pidCipher. To check it with any FIPS 204 library: pk = base64-decode(publicKey), σ = base64-decode(signature.encoded); with @noble/post-quantum: ml_dsa65.verify(σ, M, pk, { context: ctx }); with OpenSSL 3.5+: pkeyutl -verify -rawin with the context-string parameter. Privacy identifier: with a uid, the uid is sealed (HPKE, ML-KEM-768) to the service’s key and the ciphertext (pidCipher) is signed with the message. It protects the uid: only the service holding that key (here: the account that owns the service key) can read or check it, or anyone the signer gives the signature’s pidOpening to; the pidCipher cannot be moved onto another message or signer (it will not open there) and any change to C1, C2 or serviceKeyId invalidates the signature. It does not hide who signed (the signer’s public key verifies it), that a uid is bound and to which service key, or whether the uid is up to 63 or up to 255 bytes long; it is not a pseudonym, and the service sees the uid.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Retrying a POST with the same key within 24 h returns the first response without a second charge. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["DilionSignRequest"];
                };
            };
            responses: {
                /** @description The signature and what a verifier needs */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DilionSignResponse"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description api_key_disabled, api_key_expired, or operation_not_allowed (the key is restricted to other operations) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description keyId is not one of your signing keys */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A request with this Idempotency-Key is still running */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description message_too_long: over 64 KiB of UTF-8 (4 KiB on demo routes) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Idempotency-Key reused with a different request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description usage_limit_reached: the plan’s calls are used up; overage_unpaid: overage unpaid 30 days after its month holds calls to the allowance; too_many_concurrent_calls: the key’s or the account’s calls at once are at their limit */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The engine failed; the call was refunded */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/crypto/dilion/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a Dilion signature
         * @description Metered: one call. valid is false for a well-formed signature that does not verify. The signature is FIPS 204 ML-DSA-65 (pure, hedged) over M with context ctx = UTF-8(context) ("dilion/v1|" + sid). Without uid (pidCipher "N/A"), M = the byte 0x00 followed by the message's UTF-8 bytes. With uid, M = 0x01 ‖ serviceKeyId (32 bytes, hex-decoded) ‖ C1 (1,088) ‖ u16be(|C2|) ‖ C2 ‖ UTF-8(message), C1 and C2 base64-decoded from pidCipher. To check it with any FIPS 204 library: pk = base64-decode(publicKey), σ = base64-decode(signature.encoded); with @noble/post-quantum: ml_dsa65.verify(σ, M, pk, { context: ctx }); with OpenSSL 3.5+: pkeyutl -verify -rawin with the context-string parameter. Privacy identifier: with a uid, the uid is sealed (HPKE, ML-KEM-768) to the service’s key and the ciphertext (pidCipher) is signed with the message. It protects the uid: only the service holding that key (here: the account that owns the service key) can read or check it, or anyone the signer gives the signature’s pidOpening to; the pidCipher cannot be moved onto another message or signer (it will not open there) and any change to C1, C2 or serviceKeyId invalidates the signature. It does not hide who signed (the signer’s public key verifies it), that a uid is bound and to which service key, or whether the uid is up to 63 or up to 255 bytes long; it is not a pseudonym, and the service sees the uid.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Retrying a POST with the same key within 24 h returns the first response without a second charge. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["DilionVerifyRequest"];
                };
            };
            responses: {
                /** @description The verdict */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DilionVerifyResponse"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description api_key_disabled, api_key_expired, or operation_not_allowed (the key is restricted to other operations) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description keyId is not one of your signing keys */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A request with this Idempotency-Key is still running */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description message_too_long: over 64 KiB of UTF-8 (4 KiB on demo routes) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Idempotency-Key reused with a different request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description usage_limit_reached: the plan’s calls are used up; overage_unpaid: overage unpaid 30 days after its month holds calls to the allowance; too_many_concurrent_calls: the key’s or the account’s calls at once are at their limit */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The engine failed; the call was refunded */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/crypto/performance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Average sizes and engine times */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Averages over all stored operations */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Performance"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/crypto/qes2/ecdsa/sign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign with QES2_ECDSA (ML-DSA-65 + ECDSA on secp256k1)
         * @description Metered: one call. QES2 is our own composite (docs/crypto/qes2.md in the repository), built byte for byte like draft-ietf-lamps-pq-composite-sigs with the private label "QES2-MLDSA65-ECDSA-secp256k1-SHA512"; it is not an IETF algorithm and has no OID. M′ = "CompositeAlgorithmSignatures2025" ‖ Label ‖ len(ctx) (one byte) ‖ ctx ‖ SHA-512(UTF-8(message)), where ctx = UTF-8(context) (default empty, at most 255 bytes). signature.encoded (3,373 bytes) = ML-DSA-65 half (3,309) ‖ secp256k1 half (64); publicKey (1985 bytes) = ML-DSA-65 key (1,952) ‖ secp256k1 key. The ML-DSA-65 half is pure FIPS 204 over M′ with FIPS 204 context = the Label's ASCII bytes (@noble/post-quantum: ml_dsa65.verify(sigMl, M′, pkMl, { context: Label })). The secp256k1 half is ECDSA secp256k1 over the 32-byte digest SHA-256(M′): 64-byte compact r ‖ s, low-S (e.g. @noble/curves secp256k1.verify(sig, SHA-256(M′), pk, { prehash: false })). A QES2 verifier always checks both halves; valid is true only when both hold.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Retrying a POST with the same key within 24 h returns the first response without a second charge. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Qes2SignRequest"];
                };
            };
            responses: {
                /** @description The composite signature, its views and what a verifier needs */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Qes2SignResponse"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description api_key_disabled, api_key_expired, or operation_not_allowed (the key is restricted to other operations) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description keyId is not one of your signing keys */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A request with this Idempotency-Key is still running */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description message_too_long: over 64 KiB of UTF-8 (4 KiB on demo routes) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Idempotency-Key reused with a different request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description usage_limit_reached: the plan’s calls are used up; overage_unpaid: overage unpaid 30 days after its month holds calls to the allowance; too_many_concurrent_calls: the key’s or the account’s calls at once are at their limit */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The engine failed; the call was refunded */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/crypto/qes2/ecdsa/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify both halves of a QES2_ECDSA signature
         * @description Metered: one call. valid is false for a well-formed signature that does not verify; details says which half failed. QES2 is our own composite (docs/crypto/qes2.md in the repository), built byte for byte like draft-ietf-lamps-pq-composite-sigs with the private label "QES2-MLDSA65-ECDSA-secp256k1-SHA512"; it is not an IETF algorithm and has no OID. M′ = "CompositeAlgorithmSignatures2025" ‖ Label ‖ len(ctx) (one byte) ‖ ctx ‖ SHA-512(UTF-8(message)), where ctx = UTF-8(context) (default empty, at most 255 bytes). signature.encoded (3,373 bytes) = ML-DSA-65 half (3,309) ‖ secp256k1 half (64); publicKey (1985 bytes) = ML-DSA-65 key (1,952) ‖ secp256k1 key. The ML-DSA-65 half is pure FIPS 204 over M′ with FIPS 204 context = the Label's ASCII bytes (@noble/post-quantum: ml_dsa65.verify(sigMl, M′, pkMl, { context: Label })). The secp256k1 half is ECDSA secp256k1 over the 32-byte digest SHA-256(M′): 64-byte compact r ‖ s, low-S (e.g. @noble/curves secp256k1.verify(sig, SHA-256(M′), pk, { prehash: false })). A QES2 verifier always checks both halves; valid is true only when both hold.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Retrying a POST with the same key within 24 h returns the first response without a second charge. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Qes2VerifyRequest"];
                };
            };
            responses: {
                /** @description The verdict, per half */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Qes2VerifyResponse"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description api_key_disabled, api_key_expired, or operation_not_allowed (the key is restricted to other operations) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description keyId is not one of your signing keys */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A request with this Idempotency-Key is still running */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description message_too_long: over 64 KiB of UTF-8 (4 KiB on demo routes) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Idempotency-Key reused with a different request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description usage_limit_reached: the plan’s calls are used up; overage_unpaid: overage unpaid 30 days after its month holds calls to the allowance; too_many_concurrent_calls: the key’s or the account’s calls at once are at their limit */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The engine failed; the call was refunded */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/crypto/qes2/schnorr/sign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign with QES2_Schnorr (ML-DSA-65 + BIP-340 on secp256k1)
         * @description Metered: one call. QES2 is our own composite (docs/crypto/qes2.md in the repository), built byte for byte like draft-ietf-lamps-pq-composite-sigs with the private label "QES2-MLDSA65-BIP340-SHA512"; it is not an IETF algorithm and has no OID. M′ = "CompositeAlgorithmSignatures2025" ‖ Label ‖ len(ctx) (one byte) ‖ ctx ‖ SHA-512(UTF-8(message)), where ctx = UTF-8(context) (default empty, at most 255 bytes). signature.encoded (3,373 bytes) = ML-DSA-65 half (3,309) ‖ secp256k1 half (64); publicKey (1984 bytes) = ML-DSA-65 key (1,952) ‖ secp256k1 key. The ML-DSA-65 half is pure FIPS 204 over M′ with FIPS 204 context = the Label's ASCII bytes (@noble/post-quantum: ml_dsa65.verify(sigMl, M′, pkMl, { context: Label })). The secp256k1 half is BIP-340 Schnorr over m32 = SHA-256(M′) (e.g. @noble/curves schnorr.verify(sig, SHA-256(M′), pk)). A QES2 verifier always checks both halves; valid is true only when both hold.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Retrying a POST with the same key within 24 h returns the first response without a second charge. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Qes2SignRequest"];
                };
            };
            responses: {
                /** @description The composite signature, its views and what a verifier needs */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Qes2SignResponse"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description api_key_disabled, api_key_expired, or operation_not_allowed (the key is restricted to other operations) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description keyId is not one of your signing keys */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A request with this Idempotency-Key is still running */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description message_too_long: over 64 KiB of UTF-8 (4 KiB on demo routes) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Idempotency-Key reused with a different request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description usage_limit_reached: the plan’s calls are used up; overage_unpaid: overage unpaid 30 days after its month holds calls to the allowance; too_many_concurrent_calls: the key’s or the account’s calls at once are at their limit */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The engine failed; the call was refunded */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/crypto/qes2/schnorr/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify both halves of a QES2_Schnorr signature
         * @description Metered: one call. valid is false for a well-formed signature that does not verify; details says which half failed. QES2 is our own composite (docs/crypto/qes2.md in the repository), built byte for byte like draft-ietf-lamps-pq-composite-sigs with the private label "QES2-MLDSA65-BIP340-SHA512"; it is not an IETF algorithm and has no OID. M′ = "CompositeAlgorithmSignatures2025" ‖ Label ‖ len(ctx) (one byte) ‖ ctx ‖ SHA-512(UTF-8(message)), where ctx = UTF-8(context) (default empty, at most 255 bytes). signature.encoded (3,373 bytes) = ML-DSA-65 half (3,309) ‖ secp256k1 half (64); publicKey (1984 bytes) = ML-DSA-65 key (1,952) ‖ secp256k1 key. The ML-DSA-65 half is pure FIPS 204 over M′ with FIPS 204 context = the Label's ASCII bytes (@noble/post-quantum: ml_dsa65.verify(sigMl, M′, pkMl, { context: Label })). The secp256k1 half is BIP-340 Schnorr over m32 = SHA-256(M′) (e.g. @noble/curves schnorr.verify(sig, SHA-256(M′), pk)). A QES2 verifier always checks both halves; valid is true only when both hold.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Retrying a POST with the same key within 24 h returns the first response without a second charge. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Qes2VerifyRequest"];
                };
            };
            responses: {
                /** @description The verdict, per half */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Qes2VerifyResponse"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description api_key_disabled, api_key_expired, or operation_not_allowed (the key is restricted to other operations) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description keyId is not one of your signing keys */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A request with this Idempotency-Key is still running */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description message_too_long: over 64 KiB of UTF-8 (4 KiB on demo routes) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Idempotency-Key reused with a different request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description usage_limit_reached: the plan’s calls are used up; overage_unpaid: overage unpaid 30 days after its month holds calls to the allowance; too_many_concurrent_calls: the key’s or the account’s calls at once are at their limit */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The engine failed; the call was refunded */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/crypto/zk-fidna/prove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Prove a statement about hidden amounts
         * @description Metered: one call. zk-FIDNA proves a statement about hidden amounts: balance_proof whether the balance Y covers the amount X (result 1) or not (result 0), range_proof that min ≤ X ≤ max, custom that X is paid out of Y with change Y − X. Amounts are Pedersen commitments on secp256k1 with an aggregated 64-bit Bulletproofs range proof (no trusted setup); the proof is attested by an ML-DSA-65 signature over its bytes (context "zk-fidna/v1"). Amounts are perfectly hidden; soundness rests on the discrete logarithm on secp256k1 (not post-quantum), the attestation is post-quantum. The byte layout is docs/crypto/zk-fidna.md in the repository. The platform sees X and Y in this request, proves, and keeps neither: the operation record holds the proof and the public input only, and the openings (the blinding factors) are returned to you alone. To keep the amounts off the platform entirely, prove in your own process (the demo proves in the browser).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Retrying a POST with the same key within 24 h returns the first response without a second charge. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ZkProveRequest"];
                };
            };
            responses: {
                /** @description The proof, its public input, and the openings */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ZkProveResponse"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description api_key_disabled, api_key_expired, or operation_not_allowed (the key is restricted to other operations) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description keyId is not one of your signing keys */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A request with this Idempotency-Key is still running */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description message_too_long: over 64 KiB of UTF-8 (4 KiB on demo routes) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The statement is false (e.g. X outside [min, max]): there is nothing to prove */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description usage_limit_reached: the plan’s calls are used up; overage_unpaid: overage unpaid 30 days after its month holds calls to the allowance; too_many_concurrent_calls: the key’s or the account’s calls at once are at their limit */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The engine failed; the call was refunded */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/crypto/zk-fidna/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a zk-FIDNA proof
         * @description Metered: one call. valid is false for a well-formed proof that does not verify; details says which check failed. zk-FIDNA proves a statement about hidden amounts: balance_proof whether the balance Y covers the amount X (result 1) or not (result 0), range_proof that min ≤ X ≤ max, custom that X is paid out of Y with change Y − X. Amounts are Pedersen commitments on secp256k1 with an aggregated 64-bit Bulletproofs range proof (no trusted setup); the proof is attested by an ML-DSA-65 signature over its bytes (context "zk-fidna/v1"). Amounts are perfectly hidden; soundness rests on the discrete logarithm on secp256k1 (not post-quantum), the attestation is post-quantum. The byte layout is docs/crypto/zk-fidna.md in the repository.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Retrying a POST with the same key within 24 h returns the first response without a second charge. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ZkVerifyRequest"];
                };
            };
            responses: {
                /** @description The verdict, per check */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ZkVerifyResponse"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description api_key_disabled, api_key_expired, or operation_not_allowed (the key is restricted to other operations) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description keyId is not one of your signing keys */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A request with this Idempotency-Key is still running */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description message_too_long: over 64 KiB of UTF-8 (4 KiB on demo routes) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Idempotency-Key reused with a different request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description usage_limit_reached: the plan’s calls are used up; overage_unpaid: overage unpaid 30 days after its month holds calls to the allowance; too_many_concurrent_calls: the key’s or the account’s calls at once are at their limit */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The engine failed; the call was refunded */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/crypto/zk-fidna/verify-batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify up to 64 zk-FIDNA proofs at once
         * @description Metered: one verify call per answered item. Each item is a verify body; the body may be up to 1 MiB. All the proofs are checked together (one multi-scalar multiplication with random weights); when that fails, each is checked alone, so every item is answered with its own valid and details: a bad proof does not hide the good ones. Items are admitted in order: an item refused by metering (usage_limit_reached, spending_limit_reached, overage_unpaid) or failed by the engine (engine_unavailable) is answered with its error and not charged. One Idempotency-Key covers the batch: a retry returns the same answer, charged once.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Retrying a POST with the same key within 24 h returns the first response without a second charge. */
                    "idempotency-key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ZkVerifyBatchRequest"];
                };
            };
            responses: {
                /** @description Each item by index, its verdict or its error, and how many were charged */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ZkVerifyBatchResponse"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description api_key_disabled, api_key_expired, or operation_not_allowed (the key is restricted to other operations) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description keyId is not one of your signing keys */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A request with this Idempotency-Key is still running */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description payload_too_large: the body is over 1 MiB */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Idempotency-Key reused with a different request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description usage_limit_reached: the plan’s calls are used up; overage_unpaid: overage unpaid 30 days after its month holds calls to the allowance; too_many_concurrent_calls: the key’s or the account’s calls at once are at their limit */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The engine failed; the call was refunded */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness and readiness */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description All parts work */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Health"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Some part does not */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Health"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your managed keys, signing and encryption
         * @description Oldest first, each with its purpose (sign or encrypt). An account holds at most 25, so the list is never paged. A signed-in session or a management API key (docs/decisions/057).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Every managed key of the account */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ManagedKeyList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description operation_not_allowed: the API key does not name the manage operation */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/keys/{keyId}/decapsulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decapsulate an ML-KEM-768 ciphertext with the key
         * @description Metered: one call. Idempotency-Key is accepted; a stored answer is sealed like every stored answer (docs/api.md §5.3). FIPS 203 ML-KEM.Decaps with implicit rejection: an altered ciphertext answers 200 with a different, pseudorandom secret. API-key operation: decrypt.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Retrying a POST with the same key within 24 h returns the first response without a second charge. */
                    "idempotency-key"?: string;
                };
                path: {
                    /** @description A keyId from GET /api/v1/keys */
                    keyId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["DecapsulateRequest"];
                };
            };
            responses: {
                /** @description The 32-byte shared secret */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DecapsulateResponse"];
                    };
                };
                /** @description validation_error; invalid_length (a ciphertext or enc of the wrong size); wrong_key_purpose (keyId is a signing key) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description api_key_disabled, api_key_expired, or operation_not_allowed (the key is restricted to other operations) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description key_not_found: keyId is not one of your keys */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A request with this Idempotency-Key is still running */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description input_too_long: plaintext, ciphertext, aad or info over 4 KiB */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Idempotency-Key reused with a different request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description usage_limit_reached: the plan’s calls are used up; overage_unpaid: overage unpaid 30 days after its month holds calls to the allowance; too_many_concurrent_calls: the key’s or the account’s calls at once are at their limit */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The engine failed; the call was refunded */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/keys/{keyId}/encapsulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Encapsulate a fresh shared secret to an ML-KEM-768 key
         * @description Metered: one call. Idempotency-Key is accepted; a stored answer is sealed like every stored answer (docs/api.md §5.3). FIPS 203 ML-KEM.Encaps to the key’s encapsulation key: anyone holding the exported public key can do the same locally. API-key operation: encrypt.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Retrying a POST with the same key within 24 h returns the first response without a second charge. */
                    "idempotency-key"?: string;
                };
                path: {
                    /** @description A keyId from GET /api/v1/keys */
                    keyId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EncapsulateRequest"];
                };
            };
            responses: {
                /** @description The ciphertext and the 32-byte shared secret it carries */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["EncapsulateResponse"];
                    };
                };
                /** @description validation_error; invalid_length (a ciphertext or enc of the wrong size); wrong_key_purpose (keyId is a signing key) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description api_key_disabled, api_key_expired, or operation_not_allowed (the key is restricted to other operations) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description key_not_found: keyId is not one of your keys */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A request with this Idempotency-Key is still running */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description input_too_long: plaintext, ciphertext, aad or info over 4 KiB */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Idempotency-Key reused with a different request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description usage_limit_reached: the plan’s calls are used up; overage_unpaid: overage unpaid 30 days after its month holds calls to the allowance; too_many_concurrent_calls: the key’s or the account’s calls at once are at their limit */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The engine failed; the call was refunded */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/keys/{keyId}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export a managed key’s public key
         * @description Raw (base64) and SubjectPublicKeyInfo (DER base64 and PEM, NIST OIDs) for ML-DSA and ML-KEM-768 keys, JWK (kty AKP) for ML-DSA keys; QES2 composite keys raw only. A signed-in session or a management API key (docs/decisions/057).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A keyId from GET /api/v1/keys */
                    keyId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The public key in every format it has */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SigningKeyExport"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description operation_not_allowed: the API key does not name the manage operation */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such key on your account */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/keys/{keyId}/generate-data-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A fresh 256-bit data key, and the same key sealed to the ML-KEM key
         * @description Metered: one call. Idempotency-Key is accepted; a stored answer is sealed like every stored answer (docs/api.md §5.3). Like a KMS’s GenerateDataKey: encrypt your data with plaintext, store sealed beside it, and get the key back with POST …/open. RFC 9180 HPKE, base mode, single shot: KEM ML-KEM-768 (0x0041), KDF HKDF-SHA256 (0x0001), AEAD ChaCha20-Poly1305 (0x0003). API-key operation: encrypt.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Retrying a POST with the same key within 24 h returns the first response without a second charge. */
                    "idempotency-key"?: string;
                };
                path: {
                    /** @description A keyId from GET /api/v1/keys */
                    keyId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["GenerateDataKeyRequest"];
                };
            };
            responses: {
                /** @description The data key, plain and sealed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["GenerateDataKeyResponse"];
                    };
                };
                /** @description validation_error; invalid_length (a ciphertext or enc of the wrong size); wrong_key_purpose (keyId is a signing key) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description api_key_disabled, api_key_expired, or operation_not_allowed (the key is restricted to other operations) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description key_not_found: keyId is not one of your keys */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A request with this Idempotency-Key is still running */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description input_too_long: plaintext, ciphertext, aad or info over 4 KiB */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Idempotency-Key reused with a different request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description usage_limit_reached: the plan’s calls are used up; overage_unpaid: overage unpaid 30 days after its month holds calls to the allowance; too_many_concurrent_calls: the key’s or the account’s calls at once are at their limit */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The engine failed; the call was refunded */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/keys/{keyId}/open": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decrypt an HPKE ciphertext sealed to the key
         * @description Metered: one call. Idempotency-Key is accepted; a stored answer is sealed like every stored answer (docs/api.md §5.3). RFC 9180 HPKE, base mode, single shot: KEM ML-KEM-768 (0x0041), KDF HKDF-SHA256 (0x0001), AEAD ChaCha20-Poly1305 (0x0003). A ciphertext that does not authenticate (another key, altered bytes, other aad or info) is 400 decryption_failed and is not charged. API-key operation: decrypt.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Retrying a POST with the same key within 24 h returns the first response without a second charge. */
                    "idempotency-key"?: string;
                };
                path: {
                    /** @description A keyId from GET /api/v1/keys */
                    keyId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["OpenRequest"];
                };
            };
            responses: {
                /** @description The plaintext */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OpenResponse"];
                    };
                };
                /** @description decryption_failed: the ciphertext did not open; validation_error; invalid_length; wrong_key_purpose */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description api_key_disabled, api_key_expired, or operation_not_allowed (the key is restricted to other operations) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description key_not_found: keyId is not one of your keys */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A request with this Idempotency-Key is still running */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description input_too_long: plaintext, ciphertext, aad or info over 4 KiB */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Idempotency-Key reused with a different request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description usage_limit_reached: the plan’s calls are used up; overage_unpaid: overage unpaid 30 days after its month holds calls to the allowance; too_many_concurrent_calls: the key’s or the account’s calls at once are at their limit */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The engine failed; the call was refunded */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/keys/{keyId}/seal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Encrypt up to 4 KiB to the key with HPKE
         * @description Metered: one call. Idempotency-Key is accepted; a stored answer is sealed like every stored answer (docs/api.md §5.3). RFC 9180 HPKE, base mode, single shot: KEM ML-KEM-768 (0x0041), KDF HKDF-SHA256 (0x0001), AEAD ChaCha20-Poly1305 (0x0003). Any RFC 9180 implementation with this suite opens the result with the key pair. API-key operation: encrypt.
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Retrying a POST with the same key within 24 h returns the first response without a second charge. */
                    "idempotency-key"?: string;
                };
                path: {
                    /** @description A keyId from GET /api/v1/keys */
                    keyId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SealRequest"];
                };
            };
            responses: {
                /** @description enc and the ciphertext */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SealResponse"];
                    };
                };
                /** @description validation_error; invalid_length (a ciphertext or enc of the wrong size); wrong_key_purpose (keyId is a signing key) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description api_key_disabled, api_key_expired, or operation_not_allowed (the key is restricted to other operations) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description key_not_found: keyId is not one of your keys */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A request with this Idempotency-Key is still running */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description input_too_long: plaintext, ciphertext, aad or info over 4 KiB */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Idempotency-Key reused with a different request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description usage_limit_reached: the plan’s calls are used up; overage_unpaid: overage unpaid 30 days after its month holds calls to the allowance; too_many_concurrent_calls: the key’s or the account’s calls at once are at their limit */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The engine failed; the call was refunded */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/keys/{keyId}/sign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign a message, its digest or its µ with one of your signing keys
         * @description Metered: one call. messageType raw: ML-DSA keys sign pure ML-DSA (FIPS 204 Algorithm 2) over the message bytes with the given context; QES2 keys the QES2 composite. digest: ML-DSA keys sign HashML-DSA (FIPS 204 §5.4) where message is the caller’s PH(M), 64 bytes (digestAlgorithm sha512, or shake256 with 512 bits of output); QES2 keys take SHA-512(M) (digestAlgorithm sha512), and the signature is the one of M itself. external-mu: ML-DSA keys sign the caller’s µ = SHAKE256(tr ‖ M′, 64) (FIPS 204 external µ), with tr from this answer or the key’s export; no context. Other combinations are refused (400 unsupported_message_type, naming the allowed ones).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Retrying a POST with the same key within 24 h returns the first response without a second charge. */
                    "idempotency-key"?: string;
                };
                path: {
                    /** @description A keyId from GET /api/signing-keys */
                    keyId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["KmsSignRequest"];
                };
            };
            responses: {
                /** @description The signature, with the key’s tr */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["KmsSignResponse"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description api_key_disabled, api_key_expired, or operation_not_allowed (the key is restricted to other operations) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description keyId is not one of your signing keys */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A request with this Idempotency-Key is still running */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description message_too_long: over 64 KiB of UTF-8 (4 KiB on demo routes) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Idempotency-Key reused with a different request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description usage_limit_reached: the plan’s calls are used up; overage_unpaid: overage unpaid 30 days after its month holds calls to the allowance; too_many_concurrent_calls: the key’s or the account’s calls at once are at their limit */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The engine failed; the call was refunded */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/keys/{keyId}/sign-batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign up to 100 messages, digests or µ values with one of your signing keys
         * @description Metered: one call per answered item. Each item is a sign body (raw messages up to 4 KiB); the body may be up to 1 MiB. Items are admitted in order, each on its own: an item refused by metering (usage_limit_reached, spending_limit_reached, overage_unpaid) or failed by the engine (engine_unavailable) is answered with its error and not charged. One Idempotency-Key covers the batch: a retry returns the same answer, charged once. messageType raw: ML-DSA keys sign pure ML-DSA (FIPS 204 Algorithm 2) over the message bytes with the given context; QES2 keys the QES2 composite. digest: ML-DSA keys sign HashML-DSA (FIPS 204 §5.4) where message is the caller’s PH(M), 64 bytes (digestAlgorithm sha512, or shake256 with 512 bits of output); QES2 keys take SHA-512(M) (digestAlgorithm sha512), and the signature is the one of M itself. external-mu: ML-DSA keys sign the caller’s µ = SHAKE256(tr ‖ M′, 64) (FIPS 204 external µ), with tr from this answer or the key’s export; no context. Other combinations are refused (400 unsupported_message_type, naming the allowed ones).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Retrying a POST with the same key within 24 h returns the first response without a second charge. */
                    "idempotency-key"?: string;
                };
                path: {
                    /** @description A keyId from GET /api/signing-keys */
                    keyId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["KmsSignBatchRequest"];
                };
            };
            responses: {
                /** @description Each item by index, signed or refused, and how many were charged */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["KmsSignBatchResponse"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description api_key_disabled, api_key_expired, or operation_not_allowed (the key is restricted to other operations) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description keyId is not one of your signing keys */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A request with this Idempotency-Key is still running */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description payload_too_large: the body is over 1 MiB; message_too_long: a raw item is over 4 KiB */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Idempotency-Key reused with a different request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description usage_limit_reached: the plan’s calls are used up; overage_unpaid: overage unpaid 30 days after its month holds calls to the allowance; too_many_concurrent_calls: the key’s or the account’s calls at once are at their limit */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The engine failed; the call was refunded */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/keys/{keyId}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a signature of one of your signing keys, by message type
         * @description Metered: one call. valid is false for a signature of the right length that does not verify. messageType raw: ML-DSA keys sign pure ML-DSA (FIPS 204 Algorithm 2) over the message bytes with the given context; QES2 keys the QES2 composite. digest: ML-DSA keys sign HashML-DSA (FIPS 204 §5.4) where message is the caller’s PH(M), 64 bytes (digestAlgorithm sha512, or shake256 with 512 bits of output); QES2 keys take SHA-512(M) (digestAlgorithm sha512), and the signature is the one of M itself. external-mu: ML-DSA keys sign the caller’s µ = SHAKE256(tr ‖ M′, 64) (FIPS 204 external µ), with tr from this answer or the key’s export; no context. Other combinations are refused (400 unsupported_message_type, naming the allowed ones).
         */
        post: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Retrying a POST with the same key within 24 h returns the first response without a second charge. */
                    "idempotency-key"?: string;
                };
                path: {
                    /** @description A keyId from GET /api/signing-keys */
                    keyId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["KmsVerifyRequest"];
                };
            };
            responses: {
                /** @description The verdict */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["KmsVerifyResponse"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description api_key_disabled, api_key_expired, or operation_not_allowed (the key is restricted to other operations) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description keyId is not one of your signing keys */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description A request with this Idempotency-Key is still running */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description message_too_long: over 64 KiB of UTF-8 (4 KiB on demo routes) */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Idempotency-Key reused with a different request */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description usage_limit_reached: the plan’s calls are used up; overage_unpaid: overage unpaid 30 days after its month holds calls to the allowance; too_many_concurrent_calls: the key’s or the account’s calls at once are at their limit */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The engine failed; the call was refunded */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This API as OpenAPI 3.1 */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The OpenAPI document */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your latest operations, newest first
         * @description A signed-in session or a management API key (docs/decisions/057).
         */
        get: {
            parameters: {
                query?: {
                    /** @description Cursor: only items older than this id (the X-Next-Cursor of the previous page). */
                    before?: number;
                    /** @description Items per page, 1 to 100 (default 100). */
                    limit?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of operations; a full page sets X-Next-Cursor */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DashboardOperationList"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description operation_not_allowed: the API key does not name the manage operation */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/service-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register your own service key for a sid
         * @description Not metered. New signatures with a uid for this sid are sealed to it; only you can open them (the platform never sees its decapsulation key), so verify answers not_checked unless a pidOpening is sent.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RegisterServiceKeyRequest"];
                };
            };
            responses: {
                /** @description The service key */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServiceKey"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description key_limit_reached: 50 service keys already (5 for a demo visitor) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/service-keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A service key by serviceKeyId
         * @description Public: anyone may fetch the encapsulation key a pidCipher was sealed to (to check serviceKeyId = SHA3-256(ek), or to use a pidOpening offline).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    keyId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The service key */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PublicServiceKey"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such key */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/service-keys/sid/{sid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your service key for a sid
         * @description Not metered. Created on first use (or by the first Dilion sign with a uid for this sid). Privacy identifier: with a uid, the uid is sealed (HPKE, ML-KEM-768) to the service’s key and the ciphertext (pidCipher) is signed with the message. It protects the uid: only the service holding that key (here: the account that owns the service key) can read or check it, or anyone the signer gives the signature’s pidOpening to; the pidCipher cannot be moved onto another message or signer (it will not open there) and any change to C1, C2 or serviceKeyId invalidates the signature. It does not hide who signed (the signer’s public key verifies it), that a uid is bound and to which service key, or whether the uid is up to 63 or up to 255 bytes long; it is not a pseudonym, and the service sees the uid.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sid: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The service key */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ServiceKey"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description key_limit_reached: 50 service keys already (5 for a demo visitor) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your calls against your plan */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Usage */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["UsageSummary"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description operation_not_allowed: the API key does not name the manage operation */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/usage/daily": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your API calls per day this month
         * @description Metered calls (sign and verify) per UTC day and algorithm in the current calendar month (UTC).
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Calls per day and algorithm */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DailyUsage"];
                    };
                };
                /** @description Invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description operation_not_allowed: the API key does not name the manage operation */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/usage/daily/{month}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your API calls per day in a given month */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A calendar month (UTC), YYYY-MM, not in the future */
                    month: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Calls per day and algorithm */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DailyUsage"];
                    };
                };
                /** @description Not a YYYY-MM month, or a month in the future */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Not authenticated */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description operation_not_allowed: the API key does not name the manage operation */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: {
        AccountDeletionRequest: {
            /** @enum {string} */
            confirm: "delete my account";
            /**
             * @description Needed for an account with a password
             * @default
             */
            password: string;
        };
        AccountExport: {
            /** @description Public parts only: a secret is never exported */
            apiKeys: components["schemas"]["ApiKey"][];
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            exportedAt: string;
            /** @enum {string} */
            format: "pq-platform-account-export/1";
            /** @description Every operation in your history, newest first */
            operations: components["schemas"]["CryptoOperation"][];
            profile: {
                apiUsageCount: number;
                /** @description The plan’s calls: in total on Free, per month on paid plans; null on Unlimited */
                apiUsageLimit: number | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 date-time (UTC)
                 */
                createdAt: string;
                email: string;
                /** @description The owner opened the verification link (or signed up with Google). Buying a plan needs it. */
                emailVerified: boolean;
                firstName: string | null;
                /** @description Google sign-in opens this account too. */
                googleLinked: boolean;
                historyKeeps: components["schemas"]["HistoryKeeps"];
                id: string;
                lastName: string | null;
                /** @description US cents */
                overageCharges: number;
                profileImageUrl: string | null;
                /** @enum {string} */
                subscriptionTier: "free" | "starter" | "pro" | "unlimited";
                /** @description Signing in needs a code from an authenticator app after the password. */
                twoFactorEnabled: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 date-time (UTC)
                 */
                updatedAt: string;
                username: string | null;
            };
            purchases: components["schemas"]["Purchase"][];
            receipts: components["schemas"]["ReceiptList"];
            /** @description Every managed key, signing and encryption, with its purpose: public keys only */
            signingKeys: components["schemas"]["ManagedKey"][];
        };
        /** @description JWK of key type AKP (draft-ietf-cose-dilithium) */
        AkpJwk: {
            /** @enum {string} */
            alg: "ML-DSA-44" | "ML-DSA-65" | "ML-DSA-87";
            /** @enum {string} */
            kty: "AKP";
            /** @description The raw public key, base64url without padding */
            pub: string;
        } | null;
        ApiKey: {
            /** @description The operations the key may call; null: every metered one (not manage) */
            allowedOperations: components["schemas"]["KeyOperation"][] | null;
            /** @description Calls made with this key this calendar month, UTC (a statistic: the allowance is the account’s) */
            callsThisMonth: number;
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the key stops working; null: never
             */
            expiresAt: string | null;
            id: number;
            isActive: boolean;
            keyName: string;
            /** @description The secret, only in the response that creates or rotates the key; null elsewhere. */
            keySecret: string | null;
            /** @description The public key identifier, pk_…, sent as x-api-key. */
            keyValue: string;
            /**
             * @description personal: made by you (or at sign-up); plan: issued with a purchase. Both draw on the account’s one allowance.
             * @enum {string}
             */
            kind: "personal" | "plan";
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            lastUsedAt: string | null;
            /** @description The client address of the key’s latest call */
            lastUsedIp: string | null;
            /** @description Same as keyName (older clients read name). */
            name: string;
            /**
             * Format: date-time
             * @description After a rotation: until when the old secret still works; null when it does not
             */
            previousSecretExpiresAt: string | null;
            /** @description The purchase a plan key was issued with */
            purchaseId: number | null;
            /** @description True while a platform-created secret waits for its one reveal (POST …/reveal-secret). */
            secretRevealable: boolean;
            /** @description Calls made with this key, in total (a statistic) */
            usageCount: number;
        };
        ApiKeyList: components["schemas"]["ApiKey"][];
        AuditEvent: {
            actor: {
                /** @description The pk_… identifier, when an API key acted */
                apiKey: string | null;
                /**
                 * @description account: your signed-in session; api_key: one of your API keys; system: the server; operator: the server’s operator
                 * @enum {string}
                 */
                kind: "account" | "api_key" | "system" | "operator" | "anonymous";
            };
            /** @description The network address the request came from, when a request caused it */
            clientAddress: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            createdAt: string;
            /** @description Small facts about the event; never a secret */
            details: {
                [key: string]: unknown;
            };
            /** @description SHA-256 over this event’s fields and prevHash (docs/decisions/055-audit-log.md) */
            hash: string;
            /** @description SHA-256 of the event before it (64 zeros for the first) */
            prevHash: string;
            /** @description The request’s X-Request-Id */
            requestId: string | null;
            /** @description The event’s number in your account’s chain, from 1 */
            seq: number;
            /** @description What it is about: a key id, an API key id, a purchase id */
            subject: string | null;
            type: components["schemas"]["AuditEventType"];
        };
        AuditEventList: components["schemas"]["AuditEvent"][];
        /** @enum {string} */
        AuditEventType: "auth.sign_in" | "auth.sign_in_failed" | "auth.sign_out" | "auth.password_changed" | "auth.password_reset" | "auth.two_factor_enabled" | "auth.two_factor_disabled" | "auth.recovery_codes_regenerated" | "auth.email_changed" | "api_key.created" | "api_key.rotated" | "api_key.disabled" | "api_key.enabled" | "api_key.deleted" | "api_key.secret_revealed" | "api_key.restrictions_changed" | "signing_key.created" | "signing_key.public_key_exported" | "kem_key.created" | "key.rotated" | "key.disabled" | "key.enabled" | "key.deletion_scheduled" | "key.deletion_cancelled" | "key.destroyed" | "key.imported" | "key.rotation_period_changed" | "plan.purchased" | "plan.expired" | "plan.set_by_operator" | "account.data_exported" | "account.deleted";
        AuthProviders: {
            /** @description True when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are configured. */
            google: boolean;
            /** @enum {boolean} */
            password: true;
        };
        BatchItemError: {
            /** @description usage_limit_reached, overage_unpaid, spending_limit_reached, engine_unavailable, … */
            code: string;
            message: string;
        };
        BillingCharge: {
            /** @description US cents */
            amount: number;
            /** @description plan (a plan bought) or overage (one row per calendar month) */
            chargeType: string;
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            createdAt: string;
            description: string;
            id: number;
            /** @description YYYY-MM (UTC) of an overage row */
            month: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            paidAt: string | null;
            purchaseId: number | null;
            /** @description pending (owed), paid, refunded or reversed */
            status: string;
        };
        BillingSummary: {
            /** @description Newest first, at most 100 */
            charges: components["schemas"]["BillingCharge"][];
            /** @enum {string} */
            currentPlan: "free" | "starter" | "pro" | "unlimited";
            /** @description The plan that ended most recently, when the account is back on Free: what Renew buys */
            lastPlan: {
                /**
                 * Format: date-time
                 * @description ISO 8601 date-time (UTC)
                 */
                expiredAt: string;
                planName: string;
                /** @enum {string} */
                planType: "starter" | "pro";
            } | null;
            overage: {
                /** @description Cents of this month so far, payable once the month ends */
                accruing: number;
                /** @description The oldest month unpaid 30 days after it ended: calls are held to the allowance until it is paid */
                overdueMonth: string | null;
                /** @description Cents owed in total; equals overageCharges in GET /api/usage */
                owed: number;
                /** @description Cents owed for months that have ended: what Pay overage charges */
                payable: number;
            };
            /**
             * Format: date-time
             * @description When the plan ends (renewing extends it by a month); null on Free, or for an operator’s plan with no end
             */
            planExpiresAt: string | null;
            spendingLimit: components["schemas"]["SpendingLimit"];
        };
        ChangePasswordRequest: {
            currentPassword: string;
            newPassword: string;
        };
        Checkout: {
            /** @description US cents */
            amount: number;
            /** @description Open this in a popup (800x600): PayPal’s approval page, or the local sandbox’s */
            approveUrl: string;
            /** @enum {string} */
            currency: "USD";
            description: string;
            /** @description The PayPal order id */
            orderId: string;
            purchaseId: number;
        };
        CompleteKeyImportRequest: {
            wrappedSeed: {
                /**
                 * Format: byte
                 * @description The seed sealed with ChaCha20-Poly1305 (its length plus the 16-byte tag).
                 */
                ciphertext: string;
                /**
                 * Format: byte
                 * @description HPKE enc (the ML-KEM-768 ciphertext, 1,088 bytes).
                 */
                enc: string;
            };
        };
        ContactRequest: {
            /** Format: email */
            email: string;
            message: string;
            name: string;
            /**
             * @default general
             * @enum {string}
             */
            subject: "technical" | "partnership" | "integration" | "general";
        };
        ContactResponse: {
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            createdAt: string;
            id: number;
            /** @description True when SMTP is configured and the message was handed to it. */
            mailed: boolean;
            /** @enum {string} */
            status: "pending";
        };
        CreateKeyImportRequest: {
            /**
             * @description The key material imported: an ML-DSA seed ξ of 32 bytes, or an ML-KEM-768 seed d ‖ z of 64 bytes.
             * @enum {string}
             */
            algorithm: "ML-DSA-44" | "ML-DSA-65" | "ML-DSA-87" | "ML-KEM-768";
            /** @description Import as a new primary version of this key of yours (same algorithm) instead of creating a key. */
            keyId?: string;
            /** @description The new key’s name (default "Imported key"). */
            name?: string;
        };
        CreateKeyRequest: {
            /** @description The operations the key may call; null: every metered operation (sign, verify, prove, encrypt, decrypt), never manage */
            allowedOperations?: components["schemas"]["KeyOperation"][] | null;
            /**
             * Format: date-time
             * @description When the key stops working (in the future); null: never
             */
            expiresAt?: string | null;
            /** @default My API Key */
            keyName: string;
        };
        CreateManagedKeyRequest: {
            /**
             * @description ML-DSA-44/65/87, QES2_ECDSA, QES2_Schnorr (purpose sign) or ML-KEM-768 (purpose encrypt)
             * @enum {string}
             */
            algorithm: "ML-DSA-44" | "ML-DSA-65" | "ML-DSA-87" | "QES2_ECDSA" | "QES2_Schnorr" | "ML-KEM-768";
            name: string;
        };
        CreateSigningKeyRequest: {
            /**
             * @description Dilion signs with ML-DSA-65 keys; QES2 with QES2_ECDSA or QES2_Schnorr keys (ML-DSA-65 seed ‖ secp256k1 scalar).
             * @default ML-DSA-65
             * @enum {string}
             */
            algorithm: "ML-DSA-44" | "ML-DSA-65" | "ML-DSA-87" | "QES2_ECDSA" | "QES2_Schnorr";
            name: string;
        };
        CryptoOperation: {
            algorithm: string;
            /** @enum {string} */
            channel: "api" | "demo";
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            createdAt: string;
            /** @description Engine milliseconds */
            generationTime: number | null;
            id: number;
            /** @description The message as sent; null when the account keeps only its digest (docs/api.md §12, history) */
            message: string | null;
            /** @description UTF-8 bytes of the message, when only the digest is kept */
            messageLength: number | null;
            /** @description Hex SHA-256 of the message’s UTF-8 bytes, when only the digest is kept */
            messageSha256: string | null;
            metadata: {
                [key: string]: unknown;
            } | null;
            /**
             * @description sign, verify, prove; an ML-KEM-768 key’s encapsulate, decapsulate, seal, open, generate-data-key (sizes only in metadata)
             * @enum {string}
             */
            operationType: "sign" | "verify" | "prove" | "encapsulate" | "seal" | "generate-data-key" | "decapsulate" | "open";
            publicKey: {
                [key: string]: unknown;
            } | null;
            signature: {
                [key: string]: unknown;
            };
            /** @description Bytes */
            signatureSize: number | null;
            /** @description Engine milliseconds */
            verificationTime: number | null;
            verified: boolean;
        };
        CryptoOperationList: components["schemas"]["CryptoOperation"][];
        /** @description The signed-in user, or null when no one is signed in. */
        CurrentUser: {
            apiUsageCount: number;
            /** @description The plan’s calls: in total on Free, per month on paid plans; null on Unlimited */
            apiUsageLimit: number | null;
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            createdAt: string;
            email: string;
            /** @description The owner opened the verification link (or signed up with Google). Buying a plan needs it. */
            emailVerified: boolean;
            firstName: string | null;
            /** @description Google sign-in opens this account too. */
            googleLinked: boolean;
            id: string;
            lastName: string | null;
            /** @description US cents */
            overageCharges: number;
            profileImageUrl: string | null;
            /** @enum {string} */
            subscriptionTier: "free" | "starter" | "pro" | "unlimited";
            /** @description Signing in needs a code from an authenticator app after the password. */
            twoFactorEnabled: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            updatedAt: string;
            username: string | null;
        } | null;
        /** @description Your metered API calls (sign and verify) per UTC day and algorithm. */
        DailyUsage: {
            /** @description One entry per day and algorithm that had calls, oldest first; days without calls are absent. */
            days: {
                algorithm: string;
                calls: number;
                /** @description YYYY-MM-DD (UTC) */
                date: string;
            }[];
            /** @description YYYY-MM (UTC) */
            month: string;
            /** @description Calls in the month */
            total: number;
        };
        DashboardOperation: {
            algorithm: string;
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            createdAt: string;
            id: number;
            /** @description The message as sent; null when the account keeps only its digest (docs/api.md §12, history) */
            message: string | null;
            /** @description UTF-8 bytes of the message, when only the digest is kept */
            messageLength: number | null;
            /** @description Hex SHA-256 of the message’s UTF-8 bytes, when only the digest is kept */
            messageSha256: string | null;
            operation: string;
            /** @description Engine milliseconds */
            responseTime: number;
            /** @description A sign that completed, or a verify that found the signature valid. */
            success: boolean;
            /** @description algorithm_operation, e.g. dilion_sign */
            type: string;
        };
        DashboardOperationList: components["schemas"]["DashboardOperation"][];
        DataSettings: {
            historyKeeps: components["schemas"]["HistoryKeeps"];
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            oldestOperationAt: string | null;
            /** @description Operations in your history (API and demo) */
            operations: number;
        };
        DataSettingsUpdate: {
            historyKeeps: components["schemas"]["HistoryKeeps"];
        };
        DecapsulateRequest: {
            /**
             * Format: byte
             * @description An ML-KEM-768 ciphertext, 1,088 bytes
             */
            ciphertext: string;
            /** @description The key version the ciphertext was made for (encrypting answers name it); default the primary version */
            keyVersion?: number;
        };
        DecapsulateResponse: {
            /** @enum {string} */
            algorithm: "ML-KEM-768";
            keyId: string;
            /** @description The key version used (encrypting: the primary one; decrypting: the one named, default the primary) */
            keyVersion: number;
            /**
             * Format: byte
             * @description 32 bytes. A ciphertext made for another key, or altered, gives a different pseudorandom secret (FIPS 203 implicit rejection), never an error
             */
            sharedSecret: string;
        };
        DemoBenchmarkOperation: {
            /** @description The engine worker’s time for the sign (or prove) step, ms. */
            engineSignMs: number | null;
            /** @description The engine worker’s time for the verify step, ms. */
            engineVerifyMs: number | null;
            /** @description Why the operation failed. */
            error?: string;
            /** @description The operation’s number in the run. */
            index: number;
            /** @description Both steps ran and the verify said valid. */
            ok: boolean;
            /** @description The server’s own time for the sign (or prove) step, ms: prepare, engine, record committed; 0 when the operation failed. */
            signMs: number;
            /** @description Bytes of the signature, or of the proof without its attestation. */
            size: number | null;
            /** @description The same for the verify step. */
            verifyMs: number;
        };
        DemoBenchmarkRequest: {
            /**
             * @description The algorithm to benchmark.
             * @enum {string}
             */
            algorithm: "dilion" | "qes2-ecdsa" | "qes2-schnorr" | "zk-fidna";
            /** @description Operations to run in this call, 1 to 500. */
            count: number;
            /**
             * @description The number of the first operation (its message is "Benchmark test <first>"); default 1.
             * @default 1
             */
            first: number;
        };
        DemoBenchmarkResponse: {
            /** @enum {string} */
            algorithm: "dilion" | "qes2-ecdsa" | "qes2-schnorr" | "zk-fidna";
            /** @description One per operation run, in order; fewer than asked only when the caller went away. */
            operations: components["schemas"]["DemoBenchmarkOperation"][];
            /** @description The server’s time for the whole call, from its validated input to its answer, ms: the round trip minus this is network and HTTP. */
            serverMs: number;
        };
        DemoDilionSignRequest: {
            /** @description With uid: also return pidOpening, which lets anyone you give it to check this signature’s uid. */
            includePidOpening?: boolean;
            /** @description The text to sign; its UTF-8 bytes follow the 0x00 version byte in M. */
            message: string;
            /** @description Service id; the context is "dilion/v1|" + sid. Default "default". */
            sid?: string;
            /** @description End-user id. On sign it is sealed to the service’s ML-KEM-768 key (HPKE) and the ciphertext is bound into the signature: only the service (or a holder of pidOpening) can read it. On verify it is the uid to check against the pidCipher. */
            uid?: string;
        };
        DemoQes2SignRequest: {
            /** @description Application context ctx (UTF-8, at most 255 bytes, default empty). It goes into M' only; ML-DSA's own context is the Label. */
            context?: string;
            /** @description The text to sign; M is its UTF-8 bytes and PH(M) = SHA-512(M). */
            message: string;
        };
        DemoZkProveRequest: {
            /** @description An integer, as a JSON number (up to 2^53 − 1) or a decimal string (up to 18446744073709551615). */
            balanceValue?: number | string;
            /**
             * @description balance_proof: whether Y ≥ X; range_proof: min ≤ X ≤ max; custom: a confidential transfer of X out of Y.
             * @default balance_proof
             * @enum {string}
             */
            circuitType: "balance_proof" | "range_proof" | "custom";
            /**
             * Format: byte
             * @description Bytes the proof is bound to (a transaction id, say), base64, at most 255 bytes; default empty.
             */
            context?: string;
            /** @description range_proof: the public upper bound of X (default balanceValue, which then becomes public). */
            max?: number | string;
            /** @description range_proof: the public lower bound of X (default 1). */
            min?: number | string;
            /** @description An integer, as a JSON number (up to 2^53 − 1) or a decimal string (up to 18446744073709551615). */
            secretValue: number | string;
        };
        DilionSignature: {
            /** @description View: the 256 coefficients of the challenge SampleInBall(c̃), c̃ being σ’s first 48 bytes. */
            c: number[];
            /**
             * Format: byte
             * @description The FIPS 204 signature σ (3,309 bytes), base64.
             */
            encoded: string;
            /** @description A copy of the response’s pidCipher when a uid is bound, so the signature object alone can be sent to verify. */
            pidCipher?: {
                /**
                 * Format: byte
                 * @description HPKE enc: the ML-KEM-768 ciphertext (1,088 bytes), base64.
                 */
                C1: string;
                /**
                 * Format: byte
                 * @description HPKE ciphertext of the padded uid (80 or 272 bytes: 64 or 256 + 16-byte tag), base64.
                 */
                C2: string;
                /** @description serviceKeyId = hex SHA3-256(ek) of the service’s ML-KEM-768 encapsulation key; GET /api/service-keys/{keyId} returns ek. */
                serviceKeyId: string;
                /**
                 * @description RFC 9180 base mode: KEM 0x0041 ML-KEM-768, KDF 0x0001 HKDF-SHA256, AEAD 0x0003 ChaCha20-Poly1305.
                 * @enum {string}
                 */
                suite: "HPKE-Base/ML-KEM-768/HKDF-SHA256/ChaCha20-Poly1305";
            };
            /** @description View: the 1,280 coefficients of the response vector z (5 polynomials × 256). */
            z: number[];
        };
        /** @description What it protects: anyone can verify who signed and that the signature is bound to a service (sid) and to an encrypted end-user id; only that service (the holder of its ML-KEM-768 key) can read or check the uid, and the ciphertext cannot be moved onto another message or signer. What it does not: it does not hide the signer (the public key is needed to verify), nor that a uid is bound, nor its length class (up to 63 or up to 255 bytes); whoever holds the service key, or a pidOpening the signer shared, learns the uid. */
        DilionSignRequest: {
            /** @description With uid: also return pidOpening, which lets anyone you give it to check this signature’s uid. */
            includePidOpening?: boolean;
            /** @description A platform-managed ML-DSA-65 key of yours; default: your default key (created on first use). */
            keyId?: string;
            /** @description The text to sign; its UTF-8 bytes follow the 0x00 version byte in M. */
            message: string;
            /** @description Service id; the context is "dilion/v1|" + sid. Default "default". */
            sid?: string;
            /** @description End-user id. On sign it is sealed to the service’s ML-KEM-768 key (HPKE) and the ciphertext is bound into the signature: only the service (or a holder of pidOpening) can read it. On verify it is the uid to check against the pidCipher. */
            uid?: string;
        };
        DilionSignResponse: {
            /** @enum {string} */
            algorithm: "dilion";
            /** @description The FIPS 204 context string, as text: its UTF-8 bytes are ctx. */
            context: string;
            keyId: string;
            /** @description The version of keyId that signed (docs/decisions/056): its primary when signed. */
            keyVersion: number;
            /** @enum {string} */
            parameterSet: "ML-DSA-65";
            pidCipher: components["schemas"]["PidCipher"] | "N/A";
            /**
             * Format: byte
             * @description The 32-byte opening (the HPKE encapsulation randomness) a signer may share so that anyone can check the uid of that one signature.
             */
            pidOpening?: string;
            /**
             * Format: byte
             * @description The signer’s ML-DSA-65 public key (1,952 bytes, FIPS 204 encoding).
             */
            publicKey: string;
            signature: components["schemas"]["DilionSignature"];
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            timestamp: string;
        };
        /** @description What it protects: anyone can verify who signed and that the signature is bound to a service (sid) and to an encrypted end-user id; only that service (the holder of its ML-KEM-768 key) can read or check the uid, and the ciphertext cannot be moved onto another message or signer. What it does not: it does not hide the signer (the public key is needed to verify), nor that a uid is bound, nor its length class (up to 63 or up to 255 bytes); whoever holds the service key, or a pidOpening the signer shared, learns the uid. */
        DilionVerifyRequest: {
            /** @description The text to sign; its UTF-8 bytes follow the 0x00 version byte in M. */
            message: string;
            /** @description pidCipher from the sign response ("N/A" or {C1, C2, serviceKeyId, suite}). */
            pidCipher?: "N/A" | {
                /**
                 * Format: byte
                 * @description Standard padded base64 (RFC 4648)
                 */
                C1: string;
                /**
                 * Format: byte
                 * @description Standard padded base64 (RFC 4648)
                 */
                C2: string;
                /** @description serviceKeyId = hex SHA3-256(ek) of the service’s ML-KEM-768 encapsulation key; GET /api/service-keys/{keyId} returns ek. */
                serviceKeyId: string;
                /** @enum {string} */
                suite?: "HPKE-Base/ML-KEM-768/HKDF-SHA256/ChaCha20-Poly1305";
            };
            /**
             * Format: byte
             * @description The 32-byte opening (the HPKE encapsulation randomness) a signer may share so that anyone can check the uid of that one signature.
             */
            pidOpening?: string;
            /**
             * Format: byte
             * @description Standard padded base64 (RFC 4648)
             */
            publicKey: string;
            /** @description Service id; the context is "dilion/v1|" + sid. Default "default". */
            sid?: string;
            /** @description signature.encoded from a sign response (or the whole signature object; its views must match). */
            signature: string | {
                c?: number[];
                /**
                 * Format: byte
                 * @description Standard padded base64 (RFC 4648)
                 */
                encoded: string;
                /** @description pidCipher from the sign response ("N/A" or {C1, C2, serviceKeyId, suite}). */
                pidCipher?: "N/A" | {
                    /**
                     * Format: byte
                     * @description Standard padded base64 (RFC 4648)
                     */
                    C1: string;
                    /**
                     * Format: byte
                     * @description Standard padded base64 (RFC 4648)
                     */
                    C2: string;
                    /** @description serviceKeyId = hex SHA3-256(ek) of the service’s ML-KEM-768 encapsulation key; GET /api/service-keys/{keyId} returns ek. */
                    serviceKeyId: string;
                    /** @enum {string} */
                    suite?: "HPKE-Base/ML-KEM-768/HKDF-SHA256/ChaCha20-Poly1305";
                };
                z?: number[];
            };
            /** @description End-user id. On sign it is sealed to the service’s ML-KEM-768 key (HPKE) and the ciphertext is bound into the signature: only the service (or a holder of pidOpening) can read it. On verify it is the uid to check against the pidCipher. */
            uid?: string;
        };
        /** @description valid = signatureValid and identity ≠ mismatch. */
        DilionVerifyResponse: {
            /** @enum {string} */
            algorithm: "dilion";
            context: string;
            details: {
                context: string;
                /**
                 * @description match/mismatch: the uid given is (not) the one sealed in pidCipher, checked because you own the service key or sent a pidOpening; not_checked otherwise (or without uid, or when the signature is invalid).
                 * @enum {string}
                 */
                identity: "match" | "mismatch" | "not_checked";
                serviceKeyId: string | null;
                /** @description FIPS 204 ML-DSA-65 verification of σ over M with ctx. */
                signatureValid: boolean;
            };
            /** @enum {string} */
            parameterSet: "ML-DSA-65";
            pidCipher: components["schemas"]["PidCipher"] | "N/A";
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            timestamp: string;
            valid: boolean;
        };
        EmailChangeRequest: {
            /**
             * @description Needed for an account with a password
             * @default
             */
            currentPassword: string;
            /** Format: email */
            newEmail: string;
        };
        EmailChangeRequested: {
            /** @description The same whether or not the new address is taken */
            message: string;
        };
        EncapsulateRequest: Record<string, never>;
        EncapsulateResponse: {
            /** @enum {string} */
            algorithm: "ML-KEM-768";
            /**
             * Format: byte
             * @description 1,088 bytes: send it to the key’s holder, who decapsulates it
             */
            ciphertext: string;
            keyId: string;
            /** @description The key version used (encrypting: the primary one; decrypting: the one named, default the primary) */
            keyVersion: number;
            /**
             * Format: byte
             * @description 32 bytes: the secret the ciphertext carries; never stored by the platform
             */
            sharedSecret: string;
        };
        Error: {
            /**
             * @description snake_case error code
             * @example validation_error
             */
            code: string;
            /** @description All validation issues, for validation_error. */
            details?: unknown;
            /** @description A sentence saying what to fix. */
            message: string;
            /** @description The first failing field, as a dotted path. */
            param?: string;
            requestId: string;
        };
        GenerateDataKeyRequest: Record<string, never>;
        GenerateDataKeyResponse: {
            /** @enum {string} */
            algorithm: "ML-KEM-768";
            keyId: string;
            /** @description The key version used (encrypting: the primary one; decrypting: the one named, default the primary) */
            keyVersion: number;
            /**
             * Format: byte
             * @description A fresh 256-bit key: use it, then forget it
             */
            plaintext: string;
            /** @description The same key HPKE-sealed to this ML-KEM key (no aad, no info): store it, and open it with POST …/open when the key is needed again */
            sealed: {
                /**
                 * Format: byte
                 * @description The plaintext encrypted, followed by its 16-byte tag
                 */
                ciphertext: string;
                /**
                 * Format: byte
                 * @description The encapsulated key, 1,088 bytes
                 */
                enc: string;
            };
            suite: components["schemas"]["HpkeSuite"];
        };
        Health: {
            /** @description SQLite answers a query */
            database: boolean;
            /** @description At least one engine worker has loaded the wasm */
            engine: boolean;
            /** @description Google sign-in is configured; when false /api/auth/google answers 503 (the login page disables its button) */
            googleSignIn: boolean;
            /**
             * @description How the server sends mail: SMTP, its outbox (no SMTP, a server nobody else reaches), or not at all
             * @enum {string}
             */
            mail: "smtp" | "outbox" | "none";
            /** @description Every committed migration is applied */
            migrations: boolean;
            payments: components["schemas"]["PaymentsMode"];
            /** @enum {string} */
            status: "ok" | "degraded";
            uptimeSeconds: number;
        };
        HistoryDeleted: {
            /** @description Operations deleted */
            deleted: number;
        };
        /**
         * @description What the history keeps of an API call’s message: digest (its SHA-256 and length; the default) or text (as sent). Demo calls keep the text.
         * @enum {string}
         */
        HistoryKeeps: "digest" | "text";
        /** @description RFC 9180 identifiers: ML-KEM-768, HKDF-SHA256, ChaCha20-Poly1305 */
        HpkeSuite: {
            /** @enum {number} */
            aeadId: 3;
            /** @enum {number} */
            kdfId: 1;
            /** @enum {number} */
            kemId: 65;
        };
        ImportedKey: {
            algorithm: string;
            /**
             * Format: date-time
             * @description When a key pending deletion is destroyed.
             */
            deletionAt: string | null;
            /** @description The version the imported seed became (1 for a new key). */
            importedVersion: number;
            keyId: string;
            name: string;
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            nextRotationAt: string | null;
            /** @description The version sign calls use. */
            primaryVersion: number;
            /**
             * Format: byte
             * @description The primary version's public key.
             */
            publicKey: string;
            rotationPeriodDays: number | null;
            /**
             * @description enabled; disabled and pending_deletion refuse every operation; destroyed: seeds gone, public keys kept.
             * @enum {string}
             */
            state: "enabled" | "disabled" | "pending_deletion" | "destroyed";
        };
        KeyCredentials: {
            apiKey: string;
            apiSecret: string;
        };
        KeyImport: {
            /** @enum {string} */
            algorithm: "ML-DSA-44" | "ML-DSA-65" | "ML-DSA-87" | "ML-KEM-768";
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            expiresAt: string;
            importId: string;
            /** @description The HPKE info to seal with, as UTF-8; no aad. */
            info: string;
            keyId: string | null;
            /**
             * @description RFC 9180 base mode with this suite (KEM 0x0041, KDF 0x0001, AEAD 0x0003).
             * @enum {string}
             */
            wrapping: "HPKE ML-KEM-768/HKDF-SHA256/ChaCha20-Poly1305";
            /**
             * Format: byte
             * @description A fresh ML-KEM-768 encapsulation key (1,184 bytes) for this import only.
             */
            wrappingPublicKey: string;
        };
        /**
         * @description A kind of metered call: sign, verify (signatures and proofs), prove, encrypt (encapsulate, seal, generate-data-key) or decrypt (decapsulate, open); or manage: the account’s management routes with this key (usage, API keys, managed keys; docs/decisions/057), never implied by null
         * @enum {string}
         */
        KeyOperation: "sign" | "verify" | "prove" | "encrypt" | "decrypt" | "manage";
        KeyOperations: {
            operations: components["schemas"]["CryptoOperation"][];
        };
        KeyUsage: {
            currentPlan: string;
            /** @enum {string} */
            keyKind: "personal" | "plan";
            /** @description null on Unlimited */
            limit: number | null;
            /** @description US cents */
            overageCharges: number;
            /** @description Calls counted against the allowance this key draws on: its account’s, shared by all its keys. */
            used: number;
        };
        KeyVersion: {
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            createdAt: string;
            primary: boolean;
            /**
             * Format: byte
             * @description Standard padded base64 (RFC 4648)
             */
            publicKey: string;
            /** @enum {string} */
            state: "enabled" | "destroyed";
            version: number;
        };
        KeyVersionList: {
            algorithm: string;
            keyId: string;
            primaryVersion: number;
            /** @enum {string} */
            state: "enabled" | "disabled" | "pending_deletion" | "destroyed";
            /** @description Oldest first; at most 100. */
            versions: components["schemas"]["KeyVersion"][];
        };
        KmsSignBatchRequest: {
            /** @description 1 to 100 items, each answered by its index. */
            items: components["schemas"]["KmsSignRequest"][];
        };
        KmsSignBatchResponse: {
            /** @enum {string} */
            algorithm: "ML-DSA-44" | "ML-DSA-65" | "ML-DSA-87" | "QES2_ECDSA" | "QES2_Schnorr";
            /** @description Items answered, each charged as one call; refused items cost nothing. */
            charged: number;
            keyId: string;
            /** @description The key version that signed (the primary one) or verified (docs/api.md §7.6) */
            keyVersion: number;
            results: ({
                index: number;
                /** @enum {string} */
                messageType: "raw" | "digest" | "external-mu";
                /**
                 * Format: byte
                 * @description Standard padded base64 (RFC 4648)
                 */
                signature: string;
            } | {
                error: components["schemas"]["BatchItemError"];
                index: number;
            })[];
            /**
             * Format: byte
             * @description ML-DSA keys: tr = SHAKE256(publicKey, 64), what µ is built on; null for QES2 keys.
             */
            tr: string | null;
        };
        KmsSignRequest: {
            /**
             * Format: byte
             * @description The FIPS 204 (or QES2) context ctx, at most 255 bytes, default empty; not with external-mu (µ already binds it).
             */
            context?: string;
            /**
             * @description The hash that made the digest: required with messageType digest, refused otherwise.
             * @enum {string}
             */
            digestAlgorithm?: "sha512" | "shake256";
            /**
             * Format: byte
             * @description raw: the message M (up to 64 KiB; 4 KiB in a batch item). digest: PH(M), 64 bytes (SHA-512, or SHAKE256 with 512 bits of output). external-mu: µ = SHAKE256(tr ‖ M′, 64), 64 bytes, with tr from the answer or the key’s export.
             */
            message: string;
            /**
             * @description raw on every key; digest on ML-DSA keys (HashML-DSA, FIPS 204 §5.4; sha512 or shake256) and QES2 keys (sha512 only); external-mu on ML-DSA keys only.
             * @enum {string}
             */
            messageType: "raw" | "digest" | "external-mu";
        };
        KmsSignResponse: {
            /** @enum {string} */
            algorithm: "ML-DSA-44" | "ML-DSA-65" | "ML-DSA-87" | "QES2_ECDSA" | "QES2_Schnorr";
            keyId: string;
            /** @description The key version that signed (the primary one) or verified (docs/api.md §7.6) */
            keyVersion: number;
            /** @enum {string} */
            messageType: "raw" | "digest" | "external-mu";
            /**
             * Format: byte
             * @description Standard padded base64 (RFC 4648)
             */
            signature: string;
            /**
             * Format: byte
             * @description ML-DSA keys: tr = SHAKE256(publicKey, 64), what µ is built on; null for QES2 keys.
             */
            tr: string | null;
        };
        KmsVerifyRequest: {
            /**
             * Format: byte
             * @description The FIPS 204 (or QES2) context ctx, at most 255 bytes, default empty; not with external-mu (µ already binds it).
             */
            context?: string;
            /**
             * @description The hash that made the digest: required with messageType digest, refused otherwise.
             * @enum {string}
             */
            digestAlgorithm?: "sha512" | "shake256";
            /** @description The key version that signed (sign answers name it); default the primary version */
            keyVersion?: number;
            /**
             * Format: byte
             * @description raw: the message M (up to 64 KiB; 4 KiB in a batch item). digest: PH(M), 64 bytes (SHA-512, or SHAKE256 with 512 bits of output). external-mu: µ = SHAKE256(tr ‖ M′, 64), 64 bytes, with tr from the answer or the key’s export.
             */
            message: string;
            /**
             * @description raw on every key; digest on ML-DSA keys (HashML-DSA, FIPS 204 §5.4; sha512 or shake256) and QES2 keys (sha512 only); external-mu on ML-DSA keys only.
             * @enum {string}
             */
            messageType: "raw" | "digest" | "external-mu";
            /**
             * Format: byte
             * @description The signature to check, as sign returned it
             */
            signature: string;
        };
        KmsVerifyResponse: {
            /** @enum {string} */
            algorithm: "ML-DSA-44" | "ML-DSA-65" | "ML-DSA-87" | "QES2_ECDSA" | "QES2_Schnorr";
            keyId: string;
            /** @description The key version that signed (the primary one) or verified (docs/api.md §7.6) */
            keyVersion: number;
            /** @enum {string} */
            messageType: "raw" | "digest" | "external-mu";
            /** @description False for a well-formed signature that does not verify. */
            valid: boolean;
        };
        Liveness: {
            /** @enum {string} */
            status: "live";
        };
        LoginRequest: {
            /** Format: email */
            email: string;
            password: string;
        };
        /**
         * @description sent: handed to SMTP; kept: in the outbox of a server with no SMTP, read at /outbox on its machine; unsent: this server cannot send mail
         * @enum {string}
         */
        MailDelivery: "sent" | "kept" | "unsent";
        /** @description The private key never leaves the platform; it is stored as its sealed seed. */
        ManagedKey: {
            /** @enum {string} */
            algorithm: "ML-DSA-44" | "ML-DSA-65" | "ML-DSA-87" | "QES2_ECDSA" | "QES2_Schnorr" | "ML-KEM-768";
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            createdAt: string;
            isDefault: boolean;
            keyId: string;
            name: string;
            /** @description The version sign and encrypt calls use */
            primaryVersion: number;
            /**
             * Format: byte
             * @description FIPS 204 encoding (signing keys) or FIPS 203 encapsulation key (ML-KEM-768)
             */
            publicKey: string;
            /**
             * @description sign: ML-DSA and QES2 keys; encrypt: ML-KEM-768 keys
             * @enum {string}
             */
            purpose: "sign" | "encrypt";
            /**
             * @description enabled, disabled, pending_deletion or destroyed (docs/decisions/056)
             * @enum {string}
             */
            state: "enabled" | "disabled" | "pending_deletion" | "destroyed";
        };
        ManagedKeyList: {
            /** @description Oldest first; at most 25 (the account’s key limit), so never paged */
            keys: components["schemas"]["ManagedKey"][];
        };
        ManagedKeyState: {
            algorithm: string;
            /**
             * Format: date-time
             * @description When a key pending deletion is destroyed.
             */
            deletionAt: string | null;
            keyId: string;
            name: string;
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            nextRotationAt: string | null;
            /** @description The version sign calls use. */
            primaryVersion: number;
            /**
             * Format: byte
             * @description The primary version's public key.
             */
            publicKey: string;
            rotationPeriodDays: number | null;
            /**
             * @description enabled; disabled and pending_deletion refuse every operation; destroyed: seeds gone, public keys kept.
             * @enum {string}
             */
            state: "enabled" | "disabled" | "pending_deletion" | "destroyed";
        };
        OpenRequest: {
            /**
             * Format: byte
             * @description Associated data (base64, at most 4096 bytes): authenticated, not encrypted; open needs the same
             */
            aad?: string;
            /**
             * Format: byte
             * @description The ciphertext from seal (16 to 4112 bytes)
             */
            ciphertext: string;
            /**
             * Format: byte
             * @description The encapsulated key from seal, 1,088 bytes
             */
            enc: string;
            /**
             * Format: byte
             * @description HPKE info (base64, at most 4096 bytes): binds the key schedule to a context; open needs the same
             */
            info?: string;
            /** @description The key version the ciphertext was made for (encrypting answers name it); default the primary version */
            keyVersion?: number;
        };
        OpenResponse: {
            /** @enum {string} */
            algorithm: "ML-KEM-768";
            keyId: string;
            /** @description The key version used (encrypting: the primary one; decrypting: the one named, default the primary) */
            keyVersion: number;
            /**
             * Format: byte
             * @description Standard padded base64 (RFC 4648)
             */
            plaintext: string;
        };
        PasswordChanged: {
            /** @description The account’s other sessions, now signed out */
            sessionsEnded: number;
        };
        PasswordResetComplete: {
            password: string;
            token: string;
        };
        PasswordResetRequest: {
            /** Format: email */
            email: string;
        };
        PasswordResetRequested: {
            /** @description The same whatever the address: whether an account has it is not said */
            message: string;
        };
        /**
         * @description local: the built-in PayPal emulator (no money moves); sandbox: PayPal’s sandbox (no real money); live: PayPal; off: nothing is sold, the operator sets plans
         * @enum {string}
         */
        PaymentsMode: "local" | "sandbox" | "live" | "off";
        PaypalWebhookEvent: {
            event_type: string;
            id: string;
            resource: {
                [key: string]: unknown;
            };
            resource_type?: string;
        } & {
            [key: string]: unknown;
        };
        /** @description Real averages from stored operations; zeros before any. */
        Performance: {
            averageGenerationTime: number;
            averageSignatureSize: number;
            averageVerificationTime: number;
            byAlgorithm: {
                algorithm: string;
                /** @description Milliseconds */
                averageGenerationTime: number;
                /** @description Bytes, over sign operations */
                averageSignatureSize: number;
                /** @description Milliseconds */
                averageVerificationTime: number;
                operations: number;
            }[];
            operations: number;
        };
        /** @description The privacy identifier: HPKE SealBase(ek, info = "dilion/v1 pid" ‖ 0x00 ‖ sid, aad = SHA3-256(signer public key) ‖ SHA3-256(message), pt = uid ‖ 0x80 ‖ 0x00… padded to 64 or 256 bytes). */
        PidCipher: {
            /**
             * Format: byte
             * @description HPKE enc: the ML-KEM-768 ciphertext (1,088 bytes), base64.
             */
            C1: string;
            /**
             * Format: byte
             * @description HPKE ciphertext of the padded uid (80 or 272 bytes: 64 or 256 + 16-byte tag), base64.
             */
            C2: string;
            /** @description serviceKeyId = hex SHA3-256(ek) of the service’s ML-KEM-768 encapsulation key; GET /api/service-keys/{keyId} returns ek. */
            serviceKeyId: string;
            /**
             * @description RFC 9180 base mode: KEM 0x0041 ML-KEM-768, KDF 0x0001 HKDF-SHA256, AEAD 0x0003 ChaCha20-Poly1305.
             * @enum {string}
             */
            suite: "HPKE-Base/ML-KEM-768/HKDF-SHA256/ChaCha20-Poly1305";
        };
        PlanApiKey: {
            /** @description Calls made this calendar month (UTC) with this key (a statistic, not a limit) */
            callsThisMonth: number;
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            createdAt: string;
            id: number;
            isActive: boolean;
            keyName: string;
            keyValue: string;
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            lastUsedAt: string | null;
            planType: string;
            purchaseId: number;
            /** @description True while the secret waits for its one reveal (POST /api/keys/{id}/reveal-secret) */
            secretRevealable: boolean;
            /** @description Calls made with this key, in total */
            usageCount: number;
            /** @description Its plan’s calls per month, an allowance every key of the account shares */
            usageLimit: number | null;
        };
        PublicServiceKey: {
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            createdAt: string;
            /**
             * Format: byte
             * @description The ML-KEM-768 encapsulation key (1,184 bytes, FIPS 203 encoding).
             */
            publicKey: string;
            /** @description hex SHA3-256(publicKey), as in pidCipher.serviceKeyId. */
            serviceKeyId: string;
            sid: string;
            /** @enum {string} */
            suite: "HPKE-Base/ML-KEM-768/HKDF-SHA256/ChaCha20-Poly1305";
        };
        Purchase: {
            /** @description US cents */
            amount: number;
            /** @description The pk_… of the plan key issued for this purchase; null while pending */
            apiKey: string | null;
            /** @description Calls made this calendar month (UTC) with this purchase’s plan key (a statistic) */
            callsThisMonth: number;
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            completedAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            createdAt: string;
            currency: string;
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            expiresAt: string | null;
            id: number;
            isActive: boolean;
            planName: string;
            planType: string;
            /** @description pending until the payment is captured, then completed */
            status: string;
            /** @description The plan’s calls per calendar month (UTC), an allowance every key of the account shares */
            usageLimit: number | null;
        };
        PurchasesResponse: {
            /** @description Newest first, at most 100 */
            planApiKeys: components["schemas"]["PlanApiKey"][];
            /** @description Newest first, at most 100 */
            purchases: components["schemas"]["Purchase"][];
        };
        PurchaseState: {
            amount: number;
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            completedAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            expiresAt: string | null;
            id: number;
            /** @enum {string} */
            outcome: "captured" | "processing" | "failed" | "cancelled";
            planType: string;
            /** @description pending, processing, completed, cancelled, failed, refunded or reversed */
            status: string;
        };
        Qes2Signature: {
            /** @description PH(M) = SHA-512(UTF-8(message)), hex. */
            challenge: string;
            /** @description Views of the ML-DSA-65 half (bytes 0..3308 of encoded). */
            dilithium: {
                /** @description The 256 coefficients of the challenge SampleInBall(c̃). */
                c: number[];
                /** @description c̃, the ML-DSA-65 half's first 48 bytes (hex) */
                cTilde: string;
                /** @description The first 8 coefficients of the response vector z. */
                z: number[];
            };
            /**
             * Format: byte
             * @description The 3,373-byte signature: ML-DSA-65 (3,309) ‖ secp256k1 (64), base64.
             */
            encoded: string;
            /** @enum {string} */
            mode: "ecdsa" | "schnorr";
            /** @description The 64-byte secp256k1 half (ECDSA r ‖ s, low-S; or BIP-340 R.x ‖ s), hex. */
            secondary: string;
            /** @description The signing process: build M', ML-DSA-65 sign, secp256k1 sign, concatenate. */
            steps: string[];
        };
        Qes2SignRequest: {
            /** @description Application context ctx (UTF-8, at most 255 bytes, default empty). It goes into M' only; ML-DSA's own context is the Label. */
            context?: string;
            /** @description One of your platform-managed QES2 keys of this mode; default: your default key (created on first use). */
            keyId?: string;
            /** @description The text to sign; M is its UTF-8 bytes and PH(M) = SHA-512(M). */
            message: string;
        };
        Qes2SignResponse: {
            /** @enum {string} */
            algorithm: "qes2-ecdsa" | "qes2-schnorr";
            /** @description The application context as text; its UTF-8 bytes are ctx in M'. */
            context: string;
            keyId: string;
            /** @description The version of keyId that signed (docs/decisions/056): its primary when signed. */
            keyVersion: number;
            /** @description The Label in M' and the ML-DSA-65 half's FIPS 204 context (ASCII). */
            label: string;
            /**
             * Format: byte
             * @description ML-DSA-65 public key (1,952) ‖ secp256k1 key (33-byte compressed for ECDSA, 32-byte x-only for Schnorr), base64.
             */
            publicKey: string;
            signature: components["schemas"]["Qes2Signature"];
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            timestamp: string;
        };
        Qes2VerifyRequest: {
            /** @description Application context ctx (UTF-8, at most 255 bytes, default empty). It goes into M' only; ML-DSA's own context is the Label. */
            context?: string;
            /** @description One of your QES2 keys of this mode whose public key verifies (instead of publicKey); it must be enabled. */
            keyId?: string;
            /** @description With keyId: the version whose public key verifies (default: the primary), e.g. the keyVersion of an older sign response. */
            keyVersion?: number;
            /** @description The text to sign; M is its UTF-8 bytes and PH(M) = SHA-512(M). */
            message: string;
            /**
             * Format: byte
             * @description The composite public key from the sign response. Default: the key keyId names, else your own default key of this mode.
             */
            publicKey?: string;
            /** @description signature.encoded from a sign response, or the whole signature object (its mode and views must match; challenge is recomputed from message). */
            signature: string | {
                challenge?: string;
                dilithium?: {
                    c?: number[];
                    cTilde?: string;
                    z?: number[];
                };
                /**
                 * Format: byte
                 * @description Standard padded base64 (RFC 4648)
                 */
                encoded: string;
                mode?: string;
                secondary?: string;
                steps?: string[];
            };
        };
        Qes2VerifyResponse: {
            /** @enum {string} */
            algorithm: "qes2-ecdsa" | "qes2-schnorr";
            context: string;
            details: {
                /** @description The ML-DSA-65 half over M' with context = Label. */
                mlDsaValid: boolean;
                /** @description The secp256k1 half over SHA-256(M'). */
                secp256k1Valid: boolean;
            };
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            timestamp: string;
            /** @description True only when both halves verify. */
            valid: boolean;
        };
        Readiness: {
            checks: components["schemas"]["ReadinessChecks"];
            /** @enum {string} */
            status: "ready";
        };
        ReadinessChecks: {
            /**
             * @description A read of the database answered within 2 s
             * @enum {string}
             */
            database: "ok" | "unreadable";
            /**
             * @description At least one engine worker is alive and has loaded the engine
             * @enum {string}
             */
            engine: "ok" | "down";
            /**
             * @description The applied migrations against the ones this build ships; unknown when the database could not be read
             * @enum {string}
             */
            migrations: "ok" | "behind" | "ahead" | "unknown";
        };
        Receipt: {
            /** @description Cents (a credit note’s is the amount returned) */
            amount: number;
            /** @description The receipt a credit note reverses */
            creditedNumber: string | null;
            currency: string;
            /** @description The plan and its period, or the months of overage */
            description: string;
            id: number;
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            issuedAt: string;
            /** @enum {string} */
            kind: "receipt" | "credit_note";
            /** @description R-000001 for a receipt, C-000001 for a credit note */
            number: string;
            purchaseId: number;
        };
        /** @description Newest first, at most 100 */
        ReceiptList: components["schemas"]["Receipt"][];
        RecentOperations: {
            /** @description The latest 10, newest first */
            operations: components["schemas"]["DashboardOperation"][];
            /** @description All of your operations (API and demo) */
            total: number;
        };
        RecoveryCodes: {
            /** @description Ten single-use codes, shown this once */
            recoveryCodes: string[];
        };
        RegisterRequest: {
            /** Format: email */
            email: string;
            firstName: string;
            lastName: string;
            password: string;
        };
        RegisterServiceKeyRequest: {
            /**
             * Format: byte
             * @description Your ML-KEM-768 encapsulation key (1,184 bytes); keep its decapsulation key yourself.
             */
            publicKey: string;
            sid: string;
        };
        RegistrationAccepted: {
            email: string;
            /** @description The same whether or not the address already had an account */
            message: string;
        };
        RevealedSecret: {
            id: number;
            keySecret: string;
            keyValue: string;
        };
        RotateKeyRequest: {
            /**
             * @description true: the old secret stops at once (a leaked key); false: it keeps working 24 hours, while callers move to the new one
             * @default false
             */
            revokeOldSecret: boolean;
        };
        ScheduleDeletionRequest: {
            /**
             * @description Days until the key is destroyed (7 to 30; default 30).
             * @default 30
             */
            days: number;
        };
        SealRequest: {
            /**
             * Format: byte
             * @description Associated data (base64, at most 4096 bytes): authenticated, not encrypted; open needs the same
             */
            aad?: string;
            /**
             * Format: byte
             * @description HPKE info (base64, at most 4096 bytes): binds the key schedule to a context; open needs the same
             */
            info?: string;
            /**
             * Format: byte
             * @description The bytes to encrypt (base64, at most 4096 bytes)
             */
            plaintext: string;
        };
        SealResponse: {
            /** @enum {string} */
            algorithm: "ML-KEM-768";
            /**
             * Format: byte
             * @description The plaintext encrypted, followed by its 16-byte tag
             */
            ciphertext: string;
            /**
             * Format: byte
             * @description The encapsulated key, 1,088 bytes
             */
            enc: string;
            keyId: string;
            /** @description The key version used (encrypting: the primary one; decrypting: the one named, default the primary) */
            keyVersion: number;
            suite: components["schemas"]["HpkeSuite"];
        };
        ServiceKey: {
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            createdAt: string;
            /** @description true: the platform holds the key and opens pidCiphers for its owner; false: registered by the service, which alone can open. */
            managed: boolean;
            /**
             * Format: byte
             * @description The ML-KEM-768 encapsulation key (1,184 bytes, FIPS 203 encoding).
             */
            publicKey: string;
            /** @description hex SHA3-256(publicKey), as in pidCipher.serviceKeyId. */
            serviceKeyId: string;
            sid: string;
            /** @enum {string} */
            suite: "HPKE-Base/ML-KEM-768/HKDF-SHA256/ChaCha20-Poly1305";
        };
        Session: {
            /** @description The session of this request */
            current: boolean;
            /** @description An identifier for this list; not the cookie */
            id: string;
            ip: string | null;
            /**
             * Format: date-time
             * @description To the minute
             */
            lastSeenAt: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            signedInAt: string | null;
            userAgent: string | null;
        };
        SessionList: components["schemas"]["Session"][];
        SessionsEnded: {
            ended: number;
        };
        /** @description The private key never leaves the platform; it is stored as its sealed seed (32 bytes; 64 for QES2). */
        SigningKey: {
            /** @enum {string} */
            algorithm: "ML-DSA-44" | "ML-DSA-65" | "ML-DSA-87" | "QES2_ECDSA" | "QES2_Schnorr";
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            createdAt: string;
            isDefault: boolean;
            keyId: string;
            name: string;
            /** @description The version sign calls use */
            primaryVersion: number;
            /**
             * Format: byte
             * @description FIPS 204 encoding; the primary version’s
             */
            publicKey: string;
            /**
             * @description enabled, disabled, pending_deletion or destroyed (docs/decisions/056)
             * @enum {string}
             */
            state: "enabled" | "disabled" | "pending_deletion" | "destroyed";
        };
        SigningKeyExport: {
            /** @enum {string} */
            algorithm: "ML-DSA-44" | "ML-DSA-65" | "ML-DSA-87" | "QES2_ECDSA" | "QES2_Schnorr" | "ML-KEM-768";
            jwk: components["schemas"]["AkpJwk"];
            keyId: string;
            /** @description Why a format is missing (QES2 keys are exported raw only; ML-KEM keys have no JWK) */
            note: string | null;
            /**
             * Format: byte
             * @description FIPS 204 encoding (QES2: the ML-DSA-65 key ‖ the secp256k1 key; ML-KEM-768: the FIPS 203 encapsulation key)
             */
            raw: string;
            /** @description ML-DSA: OID 2.16.840.1.101.3.4.3.17, .18 or .19; ML-KEM-768: 2.16.840.1.101.3.4.4.2; null for QES2 */
            spki: {
                /**
                 * Format: byte
                 * @description SubjectPublicKeyInfo, DER
                 */
                der: string;
                /** @description The same DER as a PEM "PUBLIC KEY" block */
                pem: string;
            } | null;
            /**
             * Format: byte
             * @description ML-DSA only: tr = SHAKE256(raw, 64), the first input of µ = SHAKE256(tr ‖ M′, 64) for external-mu signing; null for other keys
             */
            tr: string | null;
        };
        SigningKeyList: components["schemas"]["SigningKey"][];
        SpendingLimit: {
            /** @description Cents of overage a calendar month may reach; null: no ceiling */
            cents: number | null;
            /**
             * @description default: the plan’s price, while the account has never paid overage; set: chosen by you; none: no ceiling (chosen, or after a first overage payment)
             * @enum {string}
             */
            source: "default" | "set" | "none";
        };
        SpendingLimitRequest: {
            /** @description The month’s ceiling on overage in cents; null: no ceiling */
            monthlyLimitCents: number | null;
        };
        TwoFactorCodeRequest: {
            code: string;
        };
        /** @description The password is right; POST a code to /api/auth/login/two-factor within 5 minutes */
        TwoFactorRequired: {
            message: string;
            /** @enum {boolean} */
            twoFactorRequired: true;
        };
        TwoFactorSetup: {
            /** @description Base32, to type into an authenticator app that cannot scan */
            secret: string;
            /** @description The otpauth:// URI to show as a QR code */
            uri: string;
        };
        TwoFactorStatus: {
            enabled: boolean;
            /** @description Unused recovery codes */
            recoveryCodesLeft: number;
            /** @description Until when this session may do sensitive actions without a new code (ISO 8601); null: a code is needed */
            stepUpUntil: string | null;
        };
        UpdateKeyRequest: {
            /** @description The operations the key may call; null: every metered operation (sign, verify, prove, encrypt, decrypt), never manage */
            allowedOperations?: components["schemas"]["KeyOperation"][] | null;
            /**
             * Format: date-time
             * @description When the key stops working (in the future); null: never
             */
            expiresAt?: string | null;
            keyName?: string;
        };
        UsageSummary: {
            /** @description Calls this calendar month (UTC) on a paid plan; on Free, all calls so far (Free's 100 calls are in total). */
            apiCallsThisMonth: number;
            /** @enum {string} */
            currentPlan: "free" | "starter" | "pro" | "unlimited";
            /** @description Overage owed, in US cents (1 cent per call beyond a paid allowance). */
            overageCharges: number;
            /** @description Calls allowed: in total on Free, per month on paid plans; null on Unlimited (a plan only an operator sets). */
            planLimit: number | null;
        };
        /** @description The signed-in user. Never carries the password digest. */
        User: {
            apiUsageCount: number;
            /** @description The plan’s calls: in total on Free, per month on paid plans; null on Unlimited */
            apiUsageLimit: number | null;
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            createdAt: string;
            email: string;
            /** @description The owner opened the verification link (or signed up with Google). Buying a plan needs it. */
            emailVerified: boolean;
            firstName: string | null;
            /** @description Google sign-in opens this account too. */
            googleLinked: boolean;
            id: string;
            lastName: string | null;
            /** @description US cents */
            overageCharges: number;
            profileImageUrl: string | null;
            /** @enum {string} */
            subscriptionTier: "free" | "starter" | "pro" | "unlimited";
            /** @description Signing in needs a code from an authenticator app after the password. */
            twoFactorEnabled: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            updatedAt: string;
            username: string | null;
        };
        VerificationSent: {
            delivery: components["schemas"]["MailDelivery"];
            /** @description True when handed to SMTP (delivery sent) */
            mailed: boolean;
        };
        WebhookAck: {
            action: string;
            /** @enum {boolean} */
            received: true;
        };
        ZkOpening: {
            /**
             * Format: byte
             * @description The 32-byte blinding factor r: commitment = value·B + r·G.
             */
            blinding: string;
            /**
             * Format: byte
             * @description The commitment this opens.
             */
            commitment: string;
            /** @description The committed amount. */
            value: string;
        };
        ZkProof: {
            /** @description View: the Fiat–Shamir challenges y, z, x, w, u_1..u_k. */
            challenge: string[];
            /** @description View: the public Pedersen commitments (33-byte SEC1 points), in proof order. */
            commitment: string[];
            /**
             * Format: byte
             * @description The proof, version 1 encoding (docs/crypto/zk-fidna.md §10): authoritative.
             */
            encoded: string;
            publicParameters: components["schemas"]["ZkPublicParameters"];
            /** @description View: the five response scalars t_x, τ_x, μ, a, b. */
            response: string[];
            /** @description The post-quantum attestation of the proof. */
            signature: {
                /** @enum {string} */
                algorithm: "ML-DSA-65";
                /**
                 * Format: byte
                 * @description The attesting ML-DSA-65 public key (1,952 bytes).
                 */
                publicKey: string;
                /**
                 * Format: byte
                 * @description ML-DSA-65 signature (3,309 bytes) over the encoded proof, context "zk-fidna/v1".
                 */
                value: string;
            };
        };
        ZkProveRequest: {
            /** @description An integer, as a JSON number (up to 2^53 − 1) or a decimal string (up to 18446744073709551615). */
            balanceValue?: number | string;
            /**
             * @description balance_proof: whether Y ≥ X; range_proof: min ≤ X ≤ max; custom: a confidential transfer of X out of Y.
             * @default balance_proof
             * @enum {string}
             */
            circuitType: "balance_proof" | "range_proof" | "custom";
            /**
             * Format: byte
             * @description Bytes the proof is bound to (a transaction id, say), base64, at most 255 bytes; default empty.
             */
            context?: string;
            /** @description The ML-DSA-65 signing key that attests the proof; default: your default key. */
            keyId?: string;
            /** @description range_proof: the public upper bound of X (default balanceValue, which then becomes public). */
            max?: number | string;
            /** @description range_proof: the public lower bound of X (default 1). */
            min?: number | string;
            /** @description An integer, as a JSON number (up to 2^53 − 1) or a decimal string (up to 18446744073709551615). */
            secretValue: number | string;
        };
        ZkProveResponse: {
            /** @enum {string} */
            algorithm: "zk-fidna";
            /** @description The signing key that attested the proof. */
            keyId: string;
            /** @description The version of keyId that attested (docs/decisions/056). */
            keyVersion: number;
            /** @description For you alone: never stored or logged by the platform. */
            openings: components["schemas"]["ZkOpening"][];
            proof: components["schemas"]["ZkProof"];
            publicInput: components["schemas"]["ZkPublicInput"];
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            timestamp: string;
        };
        /** @description What a verifier is told besides the proof. Nothing secret. */
        ZkPublicInput: {
            /**
             * @description balance_proof: whether Y ≥ X; range_proof: min ≤ X ≤ max; custom: a confidential transfer of X out of Y.
             * @enum {string}
             */
            circuitType: "balance_proof" | "range_proof" | "custom";
            /**
             * Format: byte
             * @description The context the proof is bound to; absent means empty.
             */
            context?: string;
            /** @description range_proof only: the public upper bound. */
            max?: string;
            /** @description range_proof only: the public lower bound. */
            min?: string;
            /** @description balance_proof: 1 when Y ≥ X, 0 when Y < X; always 1 for the others. */
            result: 0 | 1;
        };
        ZkPublicParameters: {
            /** @enum {string} */
            curve: "secp256k1";
            /** @description SHA-256 of every generator, compressed, in order. */
            generatorDigest: string;
            /** @description The RFC 9380 domain-separation tag of the generators. */
            generatorsDst: string;
            /** @description Values aggregated in one range proof (2). */
            m: number;
            /** @description Bits per value (64). */
            n: number;
            version: number;
        };
        /** @description publicInput without circuitType, which is then given beside it. */
        ZkPublicSignals: {
            /**
             * Format: byte
             * @description The context the proof is bound to; absent means empty.
             */
            context?: string;
            /** @description range_proof only: the public upper bound. */
            max?: string;
            /** @description range_proof only: the public lower bound. */
            min?: string;
            /** @description balance_proof: 1 when Y ≥ X, 0 when Y < X; always 1 for the others. */
            result: 0 | 1;
        };
        ZkVerifyBatchRequest: {
            /** @description 1 to 64 items, each answered by its index. */
            items: components["schemas"]["ZkVerifyRequest"][];
        };
        ZkVerifyBatchResponse: {
            /** @enum {string} */
            algorithm: "zk-fidna";
            /** @description Items answered, each charged as one call; refused items cost nothing. */
            charged: number;
            results: ({
                details: components["schemas"]["ZkVerifyDetails"];
                index: number;
                publicInput: components["schemas"]["ZkPublicInput"];
                /** @description Every check passed (the attestation too, when sent). */
                valid: boolean;
            } | {
                error: components["schemas"]["BatchItemError"];
                index: number;
            })[];
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            timestamp: string;
        };
        ZkVerifyDetails: {
            /** @description The statement holds (for custom, with its BIP-340 kernel). */
            balanceCheck: boolean;
            /** @description A known circuit, sane bounds, and commitments from which the statement can be derived. */
            circuitValid: boolean;
            /** @description The range proof’s one aggregated equation holds. */
            mathematicalCheck: boolean;
            /** @description The amounts are in range (part of the same equation). */
            positiveCheck: boolean;
            /** @description The ML-DSA-65 attestation verifies; null when none was sent. */
            signatureCheck: boolean | null;
            /** @description The proof decodes and its header matches the public input. */
            structurallyValid: boolean;
        };
        ZkVerifyRequest: {
            /**
             * @description With publicSignals: the circuit of the proof.
             * @enum {string}
             */
            circuitType?: "balance_proof" | "range_proof" | "custom";
            /** @description proof.encoded, or the whole proof object (its views must match; its signature is checked when present). */
            proof: string | {
                challenge?: string[];
                commitment?: string[];
                /**
                 * Format: byte
                 * @description Standard padded base64 (RFC 4648)
                 */
                encoded: string;
                publicParameters?: {
                    [key: string]: unknown;
                };
                response?: string[];
                signature?: {
                    /** @enum {string} */
                    algorithm: "ML-DSA-65";
                    /**
                     * Format: byte
                     * @description Standard padded base64 (RFC 4648)
                     */
                    publicKey: string;
                    /**
                     * Format: byte
                     * @description Standard padded base64 (RFC 4648)
                     */
                    value: string;
                };
            };
            publicInput?: components["schemas"]["ZkPublicInput"];
            publicSignals?: components["schemas"]["ZkPublicSignals"];
        };
        ZkVerifyResponse: {
            /** @enum {string} */
            algorithm: "zk-fidna";
            details: components["schemas"]["ZkVerifyDetails"];
            publicInput: components["schemas"]["ZkPublicInput"];
            /**
             * Format: date-time
             * @description ISO 8601 date-time (UTC)
             */
            timestamp: string;
            /** @description Every check passed (the attestation too, when sent). */
            valid: boolean;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
