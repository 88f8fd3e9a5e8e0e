package main

// The SMTP conversation of the mails server/imip.go writes itself: the one PocketBase's client
// (mailyak) would have with the same settings, plus a deadline on the connection.

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/mail"
	"net/smtp"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/tools/mailer"
)

// smtpRootCAs is whom the mail server's certificate must be signed by: nil, the system's roots.
// Only tests set it, to trust the certificate they made for their own server.
var smtpRootCAs *x509.CertPool

// sendSMTP sends raw to the message's recipients through the SMTP server of PocketBase's
// settings, as its client (mailyak) does, with a deadline on the whole conversation. A server
// whose certificate does not verify gets no credentials and no mail. The errors of the TLS and
// sign-in steps say which step failed, for the outbox's attempt log.
func sendSMTP(client *mailer.SMTPClient, m *mailer.Message, raw []byte, timeout time.Duration) error {
	address := net.JoinHostPort(client.Host, strconv.Itoa(client.Port))
	dialer := &net.Dialer{Timeout: timeout}
	tlsConfig := &tls.Config{ServerName: client.Host, RootCAs: smtpRootCAs}
	var conn net.Conn
	var err error
	if client.TLS {
		conn, err = tls.DialWithDialer(dialer, "tcp", address, tlsConfig)
		if err != nil {
			return fmt.Errorf("TLS connection to the mail server %s failed: %w", address, err)
		}
	} else {
		conn, err = dialer.Dial("tcp", address)
	}
	if err != nil {
		return err
	}
	defer conn.Close()
	if err := conn.SetDeadline(time.Now().Add(timeout)); err != nil {
		return err
	}
	c, err := smtp.NewClient(conn, client.Host)
	if err != nil {
		return err
	}
	defer c.Close()
	if client.LocalName != "" {
		if err := c.Hello(client.LocalName); err != nil {
			return err
		}
	}
	if !client.TLS {
		if ok, _ := c.Extension("STARTTLS"); ok {
			if err := c.StartTLS(tlsConfig); err != nil {
				return fmt.Errorf("STARTTLS with the mail server %s failed: %w", address, err)
			}
		}
	}
	if client.Username != "" || client.Password != "" {
		var auth smtp.Auth = smtp.PlainAuth("", client.Username, client.Password, client.Host)
		if client.AuthMethod == mailer.SMTPAuthLogin {
			auth = &loginAuth{client.Username, client.Password}
		}
		if err := c.Auth(auth); err != nil {
			return fmt.Errorf("the mail server %s refused the sign-in as %q (check SMTP_USER and SMTP_PASS): %w", address, client.Username, err)
		}
	}
	if err := c.Mail(m.From.Address); err != nil {
		return err
	}
	for _, list := range [][]mail.Address{m.To, m.Cc, m.Bcc} {
		for _, to := range list {
			if err := c.Rcpt(to.Address); err != nil {
				return err
			}
		}
	}
	data, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := data.Write(raw); err != nil {
		return err
	}
	if err := data.Close(); err != nil {
		return err
	}
	return c.Quit()
}

// loginAuth is AUTH LOGIN, as PocketBase's client offers it (its own type is unexported): the
// credentials only over TLS or to localhost.
type loginAuth struct{ username, password string }

func (a *loginAuth) Start(server *smtp.ServerInfo) (string, []byte, error) {
	if !server.TLS && server.Name != "localhost" && server.Name != "127.0.0.1" && server.Name != "::1" {
		return "", nil, errors.New("unencrypted connection")
	}
	return "LOGIN", nil, nil
}

func (a *loginAuth) Next(fromServer []byte, more bool) ([]byte, error) {
	if !more {
		return nil, nil
	}
	switch strings.ToLower(string(fromServer)) {
	case "username:":
		return []byte(a.username), nil
	case "password:":
		return []byte(a.password), nil
	}
	return nil, nil
}
