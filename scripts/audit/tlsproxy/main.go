// A TLS front for the local server, for `npm run audit` (its default since --h1 became the opt-out): production runs behind Caddy, which
// speaks HTTP/2 over TLS, while the local server speaks HTTP/1.1. Browsers only use HTTP/2 over TLS,
// and the two load a page differently (one multiplexed connection against up to six, each opened
// with its own handshake and slow start), so the audit measures through this proxy what a phone
// gets in production. Standard library only: a self-signed certificate made at start for
// 127.0.0.1 (the audit's Chromium is told to accept it), Go's HTTP/2 server, and a reverse proxy
// that passes requests and responses through unchanged (the server's own brotli copies included).
//
//	go run . -target http://127.0.0.1:8090   → prints the https:// origin it listens on
package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"flag"
	"fmt"
	"io"
	"log"
	"math/big"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"time"
)

func selfSigned() (tls.Certificate, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, err
	}
	template := x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "venue audit"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(24 * time.Hour),
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, &template, &template, &key.PublicKey, key)
	if err != nil {
		return tls.Certificate{}, err
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, nil
}

func main() {
	target := flag.String("target", "", "the local server's origin, e.g. http://127.0.0.1:8090")
	flag.Parse()
	origin, err := url.Parse(*target)
	if err != nil || origin.Host == "" {
		log.Fatalf("-target must be an origin like http://127.0.0.1:8090")
	}
	cert, err := selfSigned()
	if err != nil {
		log.Fatal(err)
	}
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(origin)
	// Streams as the server writes (no buffering that would delay the first bytes of a page).
	proxy.FlushInterval = -1
	// Chromium drops spare connections it opened ahead; Go logs each as an error. Not ours to print.
	quiet := log.New(io.Discard, "", 0)
	server := &http.Server{Handler: proxy, ErrorLog: quiet, TLSConfig: &tls.Config{Certificates: []tls.Certificate{cert}, NextProtos: []string{"h2", "http/1.1"}}}
	fmt.Printf("https://%s\n", listener.Addr())
	log.Fatal(server.ServeTLS(listener, "", ""))
}
