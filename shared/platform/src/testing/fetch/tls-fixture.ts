/**
 * A self-signed certificate for `pages.test` (EC P-256, valid until 2125), for TLS tests only: no
 * client trusts it, which is what the tests check. Generated with
 *   openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 36500 \
 *     -subj /CN=pages.test -addext subjectAltName=DNS:pages.test
 */
export const TEST_TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgPflOvznrAX5k/K1C
4uohMd6AfnFcUEN7HxX441Glur+hRANCAASjj8BjAI9RR2uADrACVGA0XmBe/Cbr
0igKUgG0+DqTPNl4Ty1CLnaJQyHgWAHRbMysUgJtKXRt42Hf86+GzP8k
-----END PRIVATE KEY-----
`;

export const TEST_TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBmTCCAT6gAwIBAgIUbVY42XCF3vxPUcoR07Viqw2T/WswCgYIKoZIzj0EAwIw
FTETMBEGA1UEAwwKcGFnZXMudGVzdDAgFw0yNjExMjEyMDUzMDFaGA8yMTI2MTAy
ODIwNTMwMVowFTETMBEGA1UEAwwKcGFnZXMudGVzdDBZMBMGByqGSM49AgEGCCqG
SM49AwEHA0IABKOPwGMAj1FHa4AOsAJUYDReYF78JuvSKApSAbT4OpM82XhPLUIu
dolDIeBYAdFszKxSAm0pdG3jYd/zr4bM/ySjajBoMB0GA1UdDgQWBBTbDHcqhaM/
cPbktrKYrK9zgtYfTDAfBgNVHSMEGDAWgBTbDHcqhaM/cPbktrKYrK9zgtYfTDAP
BgNVHRMBAf8EBTADAQH/MBUGA1UdEQQOMAyCCnBhZ2VzLnRlc3QwCgYIKoZIzj0E
AwIDSQAwRgIhAK1uLN7t3WrOzd4YxRkcFKraStroKYMYCwBXVq+zouoMAiEAy7EQ
2LN2iuGv/Y6a6mYPhdKujmUeg/ZTpKcDy5MSJtU=
-----END CERTIFICATE-----
`;
