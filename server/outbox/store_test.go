package outbox

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestTwoLanesNeverClaimOneJob(t *testing.T) {
	app := newApp(t)
	const jobs = 60
	for i := 0; i < jobs; i++ {
		insert(t, app, row{id: fmt.Sprintf("job%02d", i)})
	}
	var mu sync.Mutex
	claimed := map[string]int{}
	var wg sync.WaitGroup
	for lane := 0; lane < 8; lane++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				got, err := claim(app, KindMail, time.Now(), 1, "")
				if err != nil {
					t.Error(err)
					return
				}
				if len(got) == 0 {
					return
				}
				mu.Lock()
				claimed[got[0].ID]++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(claimed) != jobs {
		t.Fatalf("%d of %d jobs claimed", len(claimed), jobs)
	}
	for id, n := range claimed {
		if n != 1 {
			t.Fatalf("job %s was claimed %d times", id, n)
		}
	}
}

func TestAClaimLeasesTheJobUntilTheLeaseRunsOut(t *testing.T) {
	app := newApp(t)
	insert(t, app, row{id: "a"})
	first, err := claim(app, KindMail, time.Now(), 5, "")
	if err != nil || len(first) != 1 {
		t.Fatalf("first claim: %v %v", first, err)
	}
	if s := load(t, app, "a"); s.ClaimedAt == "" || s.Next <= Stamp(time.Now().Add((LeaseSeconds-5)*time.Second)) {
		t.Fatalf("a claimed job is not leased: %+v", s)
	}
	// In flight: no other lane gets it, now or just before its lease ends.
	for _, at := range []time.Time{time.Now(), time.Now().Add((LeaseSeconds - 5) * time.Second)} {
		if again, _ := claim(app, KindMail, at, 5, ""); len(again) != 0 {
			t.Fatalf("a leased job was claimed again at %s", Stamp(at))
		}
	}
	// The lane died mid-send: once the lease has run out, the job is claimed again.
	expired, err := claim(app, KindMail, time.Now().Add((LeaseSeconds+5)*time.Second), 5, "")
	if err != nil || len(expired) != 1 || expired[0].ID != "a" {
		t.Fatalf("after its lease ran out the job was not claimed again: %v %v", expired, err)
	}
}

func TestLanesClaimOnlyTheirOwnKind(t *testing.T) {
	app := newApp(t)
	insert(t, app, row{id: "lead", kind: KindConversion, due: time.Now().Add(-time.Minute)})
	insert(t, app, row{id: "mail"})
	got, _ := claim(app, KindMail, time.Now(), 5, "")
	if len(got) != 1 || got[0].ID != "mail" {
		t.Fatalf("a mail lane claimed %v", got)
	}
	got, _ = claim(app, KindConversion, time.Now(), 5, "")
	if len(got) != 1 || got[0].ID != "lead" {
		t.Fatalf("a Meta lane claimed %v", got)
	}
}

func TestBackoffDoublesUpToItsCap(t *testing.T) {
	want := []int{30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600}
	for i, seconds := range want {
		if got := Backoff(i+1, 30); got != time.Duration(seconds)*time.Second {
			t.Fatalf("after %d failed attempts: wait %s, want %ds", i+1, got, seconds)
		}
	}
	if got := Backoff(1, 600); got != 600*time.Second {
		t.Fatalf("OUTBOX_BACKOFF_SECONDS=600: first wait %s", got)
	}
	if got := Backoff(100, 30); got != BackoffCapSeconds*time.Second {
		t.Fatalf("after 100 attempts: wait %s", got)
	}
}

func TestAFailureIsRetriedAfterItsBackoffWithTheSecretsRedacted(t *testing.T) {
	t.Setenv("META_ACCESS_TOKEN", "EAAB-secret-token")
	app := newApp(t)
	insert(t, app, row{id: "a", status: "failed"})
	if _, err := app.DB().NewQuery("UPDATE outbox SET attempts = 2 WHERE id = 'a'").Execute(); err != nil {
		t.Fatal(err)
	}
	jobs, _ := claim(app, KindMail, time.Now(), 1, "")
	before := time.Now()
	err := errors.New(`Post "https://graph.example/1/events?access_token=abc123": refused EAAB-secret-token`)
	if err := record(app, jobs[0], Outcome{Err: err}, 30); err != nil {
		t.Fatal(err)
	}
	s := load(t, app, "a")
	// The third failure waits 4 × 30 s, from the real time.
	low, high := Stamp(before.Add(119*time.Second)), Stamp(time.Now().Add(121*time.Second))
	if s.Status != "failed" || s.Attempts != 3 || s.Next < low || s.Next > high || s.ClaimedAt != "" {
		t.Fatalf("after a third failure: %+v (next attempt due between %s and %s)", s, low, high)
	}
	if strings.Contains(s.LastError, "secret") || strings.Contains(s.LastError, "abc123") || !strings.Contains(s.LastError, "[redacted]") {
		t.Fatalf("stored error not redacted: %q", s.LastError)
	}
}

func TestASignInCodeIsWipedOnceSettledOnly(t *testing.T) {
	app := newApp(t)
	payload := `{"otpId":"otp1","code":"123456","signIn":"s1"}`
	insert(t, app, row{id: "failed", template: "staff_sign_in_code", payload: payload})
	insert(t, app, row{id: "sent", template: "staff_sign_in_code", payload: payload})
	jobs, _ := claim(app, KindMail, time.Now(), 2, "")
	for _, job := range jobs {
		o := Outcome{Sent: true}
		if job.ID == "failed" {
			o = Outcome{Err: errors.New("421 try later")}
		}
		if err := record(app, job, o, 30); err != nil {
			t.Fatal(err)
		}
	}
	if s := load(t, app, "failed"); !strings.Contains(s.Payload, "123456") {
		t.Fatalf("a code still to be retried was wiped: %s", s.Payload)
	}
	if s := load(t, app, "sent"); strings.Contains(s.Payload, "123456") || !strings.Contains(s.Payload, "otp1") {
		t.Fatalf("a sent code's payload: %s", s.Payload)
	}
}

func TestStartUpReleasesOnlyTheJobsInFlight(t *testing.T) {
	app := newApp(t)
	lease := time.Now().Add(LeaseSeconds * time.Second)
	insert(t, app, row{id: "in-flight", claimedAt: Stamp(time.Now()), due: lease})
	insert(t, app, row{id: "retry-in-flight", status: "failed", claimedAt: Stamp(time.Now()), due: lease})
	// An update mail waiting for more changes (server/reservationmails.go) and a retry's backoff: due later on purpose.
	folded := time.Now().Add(2 * time.Minute)
	insert(t, app, row{id: "folded-update", template: "reservation_updated", due: folded})
	insert(t, app, row{id: "backing-off", status: "failed", due: folded})
	insert(t, app, row{id: "sent", status: "sent", due: lease})

	released, err := ReleaseInFlight(app)
	if err != nil || released != 2 {
		t.Fatalf("released %d jobs (%v), want the 2 in flight", released, err)
	}
	now := Stamp(time.Now())
	for _, id := range []string{"in-flight", "retry-in-flight"} {
		if s := load(t, app, id); s.Next > now || s.ClaimedAt != "" {
			t.Fatalf("%s was not released: %+v", id, s)
		}
	}
	for _, id := range []string{"folded-update", "backing-off"} {
		if s := load(t, app, id); s.Next != Stamp(folded) {
			t.Fatalf("%s, due later on purpose, was moved to %s", id, s.Next)
		}
	}
}
