package backups

import (
	"testing"
	"time"
)

func utc(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// 4:30 AM in New York is 09:30 UTC in winter (EST) and 08:30 UTC in summer (EDT), and the nights
// the clocks change (2026: March 8 forward, November 1 back) have exactly one 4:30 each.
func TestIsNightlyBackupTime(t *testing.T) {
	cases := []struct {
		at   string
		want bool
	}{
		{"2026-01-15T09:30:00Z", true},  // winter: 4:30 EST
		{"2026-01-15T08:30:00Z", false}, // 3:30 EST
		{"2026-07-15T08:30:00Z", true},  // summer: 4:30 EDT
		{"2026-07-15T09:30:00Z", false}, // 5:30 EDT
		{"2026-03-08T08:30:00Z", true},  // the night the clocks go forward: 4:30 EDT
		{"2026-03-08T09:30:00Z", false},
		{"2026-11-01T09:30:00Z", true}, // the night they go back: 4:30 EST
		{"2026-11-01T08:30:00Z", false},
		{"2026-01-15T09:30:59Z", true},  // the cron a few seconds late
		{"2026-01-15T09:44:00Z", true},  // within the quarter hour
		{"2026-01-15T09:45:00Z", false}, // past it: no second backup that night
		{"2026-01-15T09:29:00Z", false},
	}
	for _, c := range cases {
		if got := IsNightlyBackupTime(utc(c.at)); got != c.want {
			t.Errorf("IsNightlyBackupTime(%s) = %v, want %v", c.at, got, c.want)
		}
	}
}

// Every night of a year the hourly cron (at :30 UTC) hits 4:30 venue time exactly once.
func TestOneNightlyBackupPerNightAllYear(t *testing.T) {
	perNight := map[string]int{}
	for at := utc("2026-01-01T00:30:00Z"); at.Year() == 2026; at = at.Add(time.Hour) {
		if IsNightlyBackupTime(at) {
			perNight[at.In(venueLocation).Format("2006-01-02")]++
		}
	}
	if len(perNight) != 365 {
		t.Fatalf("backups on %d nights, want 365", len(perNight))
	}
	for night, n := range perNight {
		if n != 1 {
			t.Errorf("%s: %d backups", night, n)
		}
	}
}

func TestNightlyName(t *testing.T) {
	if got := NightlyName(utc("2026-11-27T09:30:00Z")); got != "@auto_pb_backup_venue_20261127093000.zip" {
		t.Fatal(got)
	}
}

func TestS3FromEnv(t *testing.T) {
	env := map[string]string{}
	get := func(k string) string { return env[k] }
	if _, ok, err := S3FromEnv(get); ok || err != nil {
		t.Fatalf("no bucket: ok=%v err=%v, want local backups", ok, err)
	}
	env["BACKUP_S3_BUCKET"] = "venue-backups"
	if _, _, err := S3FromEnv(get); err == nil {
		t.Fatal("a bucket without the rest should be an error")
	}
	for k, val := range map[string]string{"BACKUP_S3_REGION": "us-east-1", "BACKUP_S3_ENDPOINT": "https://s3.example.test",
		"BACKUP_S3_ACCESS_KEY": "key", "BACKUP_S3_SECRET": "secret", "BACKUP_S3_FORCE_PATH_STYLE": "true"} {
		env[k] = val
	}
	cfg, ok, err := S3FromEnv(get)
	if err != nil || !ok || !cfg.Enabled || cfg.Bucket != "venue-backups" || cfg.Endpoint != "https://s3.example.test" || !cfg.ForcePathStyle || cfg.Secret != "secret" {
		t.Fatalf("got %+v ok=%v err=%v", cfg, ok, err)
	}
	env["BACKUP_S3_FORCE_PATH_STYLE"] = "yes"
	if _, _, err := S3FromEnv(get); err == nil {
		t.Fatal("a path style that is not true or false should be an error")
	}
}

func TestGeneration(t *testing.T) {
	dir := t.TempDir()
	if Generation(dir) != 1 {
		t.Fatal("a fresh data dir is generation 1")
	}
	for want := int64(2); want <= 3; want++ {
		if err := PrepareGeneration(dir); err != nil {
			t.Fatal(err)
		}
		// Until the restored server starts, the old one tells the old generation.
		if Generation(dir) != want-1 {
			t.Fatalf("prepared %d is already current", want)
		}
		if err := PromoteGeneration(dir); err != nil || Generation(dir) != want {
			t.Fatalf("promote: %v, generation %d, want %d", err, Generation(dir), want)
		}
	}
	// A failed restore drops what it prepared; a start without a restore changes nothing.
	_ = PrepareGeneration(dir)
	DropPreparedGeneration(dir)
	if err := PromoteGeneration(dir); err != nil || Generation(dir) != 3 {
		t.Fatalf("after a failed restore: %v, generation %d", err, Generation(dir))
	}
}
