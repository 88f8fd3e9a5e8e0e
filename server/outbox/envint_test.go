package outbox

import (
	"bytes"
	"log"
	"os"
	"strings"
	"testing"
)

// A number set in the environment is used; an unusable one keeps the default and says so at
// start-up (a typo must not pass silently as the default); an unset one keeps it quietly.
func TestEnvIntUsesTheNumberOrSaysWhyNot(t *testing.T) {
	var said bytes.Buffer
	log.SetOutput(&said)
	t.Cleanup(func() { log.SetOutput(os.Stderr) })
	cases := []struct {
		value string
		want  int
		warns bool
	}{
		{"", 7, false},
		{"12", 12, false},
		{"0", 7, true},
		{"-3", 7, true},
		{"12s", 7, true},
		{"lots", 7, true},
	}
	for _, c := range cases {
		said.Reset()
		t.Setenv("VENUE_TEST_INT", c.value)
		if got := EnvInt("VENUE_TEST_INT", 7); got != c.want {
			t.Errorf("EnvInt with %q = %d, want %d", c.value, got, c.want)
		}
		if warned := strings.Contains(said.String(), "VENUE_TEST_INT="); warned != c.warns {
			t.Errorf("EnvInt with %q warned %v (%q), want %v", c.value, warned, said.String(), c.warns)
		}
	}
}
