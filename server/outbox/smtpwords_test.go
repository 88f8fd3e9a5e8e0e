package outbox

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/textproto"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestSMTPRepliesAreQuotedWithTheirCode(t *testing.T) {
	err := fmt.Errorf("send: %w", &textproto.Error{Code: 535, Msg: "5.7.8 Error: authentication\nfailed"})
	if got, want := SMTPWords(err), "SMTP said 535: 5.7.8 Error: authentication failed"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestARefusedConnectionSaysWhereAndWhatToCheck(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	_, dialErr := net.Dial("tcp", addr)
	if dialErr == nil {
		t.Skip("something else took the port")
	}
	got := SMTPWords(dialErr)
	if got != "the mail server refused the connection at "+addr+" (nothing is listening there: check SMTP_HOST and SMTP_PORT)" {
		t.Fatalf("got %q", got)
	}
}

func TestTimeoutsSayWhetherTheServerWasReachedAtAll(t *testing.T) {
	dial := &net.OpError{Op: "dial", Net: "tcp", Addr: &net.TCPAddr{IP: net.IPv4(10, 0, 0, 5), Port: 587}, Err: os.ErrDeadlineExceeded}
	if got := SMTPWords(dial); got != "the mail server could not be reached at 10.0.0.5:587 in time (timed out)" {
		t.Fatalf("dial: got %q", got)
	}
	read := &net.OpError{Op: "read", Net: "tcp", Err: os.ErrDeadlineExceeded}
	if got := SMTPWords(read); !strings.Contains(got, "stopped answering in the middle of a send") {
		t.Fatalf("read: got %q", got)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel()
	<-ctx.Done()
	if got := SMTPWords(ctx.Err()); got == "" {
		t.Fatal("empty words")
	}
}

func TestOtherFailuresKeepTheirOwnWords(t *testing.T) {
	cases := map[error]string{
		&net.DNSError{Name: "smtp.example.invalid", Err: "no such host"}: `the mail server's name "smtp.example.invalid" could not be found (check SMTP_HOST)`,
		fmt.Errorf("read: %w", syscall.ECONNRESET):                       "the mail server hung up in the middle of a send",
		errors.New("unencrypted connection"):                             "the mail server offers no encryption, so the password was not sent (use its TLS port or STARTTLS)",
		errors.New("the mail server did not answer within 30s"):          "the mail server did not answer within 30s",
		nil: "unknown error",
	}
	for err, want := range cases {
		if got := SMTPWords(err); got != want {
			t.Errorf("%v: got %q, want %q", err, got, want)
		}
	}
}
