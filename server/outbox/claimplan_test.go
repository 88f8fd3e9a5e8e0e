package outbox

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
)

// The claim's index as the migration creates it: the test reads it from there, so the migration
// and the claim's query cannot drift apart unnoticed.
func dueByKindIndex(t *testing.T) string {
	t.Helper()
	source, err := os.ReadFile(filepath.Join("..", "..", "pb_migrations", "1763702000_outbox_due_by_kind.js"))
	if err != nil {
		t.Fatal(err)
	}
	ddl := regexp.MustCompile(`"(CREATE INDEX idx_outbox_due_kind [^"]+)"`).FindSubmatch(source)
	if ddl == nil {
		t.Fatal("the migration creates no idx_outbox_due_kind")
	}
	return string(ddl[1])
}

func TestAClaimOfOneKindReadsTheDueIndexInOrderWithoutSorting(t *testing.T) {
	app := newApp(t)
	for _, ddl := range []string{"CREATE INDEX idx_outbox_due ON outbox (status, next_attempt_at)", dueByKindIndex(t)} {
		if _, err := app.DB().NewQuery(ddl).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	now := time.Now()
	for i, kind := range []string{KindMail, "conversion", KindMail, "conversion"} {
		insert(t, app, row{id: "job" + string(rune('a'+i)), kind: kind, due: now.Add(-time.Duration(i) * time.Minute)})
	}
	var plan []struct {
		Detail string `db:"detail"`
	}
	err := app.DB().NewQuery("EXPLAIN QUERY PLAN " + dueSelect(KindMail, "")).
		Bind(dbx.Params{"now": Stamp(now), "kind": KindMail, "only": "", "max": 1}).All(&plan)
	if err != nil {
		t.Fatal(err)
	}
	var steps []string
	for _, p := range plan {
		steps = append(steps, p.Detail)
	}
	text := strings.Join(steps, "; ")
	if !strings.Contains(text, "idx_outbox_due_kind") || strings.Contains(text, "TEMP B-TREE") {
		t.Fatalf("the claim's plan: %s", text)
	}
	// And it still takes the earliest due job of its kind.
	jobs, err := claim(app, KindMail, now, 1, "")
	if err != nil || len(jobs) != 1 || jobs[0].ID != "jobc" {
		t.Fatalf("claimed %+v, %v", jobs, err)
	}
}
