package outbox

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/textproto"
	"strings"
	"syscall"
)

// SMTPWords is a failed mail send in words an owner can act on: the text stored as the job's
// last error, shown on the System view and in the staff banner, and sent in the alert. A bare
// Go error ("dial tcp 10.0.0.5:587: connect: connection refused", "535 5.7.8 Error: ...") reads
// as noise to the person who has to fix the mail account; the code and the server's own words
// stay in, since that is what the provider's support asks for.
func SMTPWords(err error) string {
	if err == nil {
		return "unknown error"
	}
	var reply *textproto.Error
	if errors.As(err, &reply) {
		msg := strings.Join(strings.Fields(reply.Msg), " ")
		return fmt.Sprintf("SMTP said %d: %s", reply.Code, msg)
	}
	var dns *net.DNSError
	if errors.As(err, &dns) {
		return fmt.Sprintf("the mail server's name %q could not be found (check SMTP_HOST)", dns.Name)
	}
	if errors.Is(err, syscall.ECONNREFUSED) {
		return "the mail server refused the connection" + atAddress(err) + " (nothing is listening there: check SMTP_HOST and SMTP_PORT)"
	}
	var netErr net.Error
	if errors.As(err, &netErr) && netErr.Timeout() {
		if isDial(err) {
			return "the mail server could not be reached" + atAddress(err) + " in time (timed out)"
		}
		return "the mail server stopped answering in the middle of a send (timed out)"
	}
	if errors.Is(err, syscall.ECONNRESET) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return "the mail server hung up in the middle of a send"
	}
	var certErr *tls.CertificateVerificationError
	var unknownCA x509.UnknownAuthorityError
	var hostErr x509.HostnameError
	if errors.As(err, &certErr) || errors.As(err, &unknownCA) || errors.As(err, &hostErr) {
		return "the mail server's certificate was not accepted: " + err.Error()
	}
	if err.Error() == "unencrypted connection" {
		return "the mail server offers no encryption, so the password was not sent (use its TLS port or STARTTLS)"
	}
	return err.Error()
}

func isDial(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}

// atAddress is " at host:port" when the error names where it was connecting.
func atAddress(err error) string {
	var op *net.OpError
	if errors.As(err, &op) && op.Addr != nil {
		return " at " + op.Addr.String()
	}
	return ""
}
