package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
)

// The seats query's reservations sum reads idx_reservations_event_date alone, as the migration
// creates it (read from there, so the two cannot drift apart unnoticed).
func TestANightsSeatsAreSummedFromTheIndexAlone(t *testing.T) {
	source, err := os.ReadFile(filepath.Join("..", "pb_migrations", "1763702010_reservations_seats_covering.js"))
	if err != nil {
		t.Fatal(err)
	}
	ddl := regexp.MustCompile(`const AFTER = '([^']+)'`).FindSubmatch(source)
	if ddl == nil {
		t.Fatal("the migration has no AFTER index")
	}
	app := newTestApp(t)
	for _, sql := range []string{
		"CREATE TABLE reservations (id TEXT PRIMARY KEY, event_name TEXT, event_date TEXT, status TEXT, party_size INTEGER, name TEXT)",
		"CREATE INDEX idx_reservations_night ON reservations (event_name, event_date, status)",
		string(ddl[1]),
		"CREATE TABLE waitlist (id TEXT PRIMARY KEY, event_date TEXT, status TEXT, party_size INTEGER, offer_expires TEXT)",
		"CREATE TABLE capacity (id TEXT PRIMARY KEY, date TEXT, seats INTEGER)",
	} {
		if _, err := app.DB().NewQuery(sql).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	rules := testCreateRules(t)
	params := dbx.Params{"date": venueDay(3), "now": isoInstant(time.Now())}
	for k, v := range rules.seatsParams {
		params[k] = v
	}
	var plan []struct {
		Detail string `db:"detail"`
	}
	if err := app.DB().NewQuery("EXPLAIN QUERY PLAN " + rules.seatsSQL).Bind(params).All(&plan); err != nil {
		t.Fatal(err)
	}
	var reservations string
	for _, step := range plan {
		if strings.Contains(step.Detail, "reservations") {
			reservations = step.Detail
		}
	}
	if !strings.Contains(reservations, "COVERING INDEX idx_reservations_event_date") {
		t.Fatalf("the reservations sum: %q (plan %+v)", reservations, plan)
	}
}
