package system

import (
	"os"
	"path/filepath"
	"syscall"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"venue/server/outbox"
)

// Report is the owner's System view.
type Report struct {
	Version string `json:"version"`
	Mail    Queue  `json:"mail"`
	Health  Health `json:"health"`
	Meta    Queue  `json:"meta"`
	// MetaOff is why conversions are not sent ('' when Meta's settings are set).
	MetaOff   string      `json:"metaOff"`
	Failed    []FailedJob `json:"failed"`
	TestMail  *Latest     `json:"testMail"`
	Alerts    Alerts      `json:"alerts"`
	Backups   Backups     `json:"backups"`
	Disk      Disk        `json:"disk"`
	CheckedAt string      `json:"checkedAt"`
}

// Alerts: whether ALERT_WEBHOOK_URL is set (never the URL: it is a secret) and the last alert.
type Alerts struct {
	Configured bool    `json:"configured"`
	Last       *Latest `json:"last"`
}

// Backups: where PocketBase keeps them (its settings: S3 or pb_data/backups) and the newest one.
type Backups struct {
	Where    string `json:"where"`
	Count    int    `json:"count"`
	Last     string `json:"last"`
	LastName string `json:"lastName"`
	LastSize int64  `json:"lastSize"`
	Error    string `json:"error"`
}

// Disk is the space left where the data lives (pb_data: the database, local backups, uploads).
type Disk struct {
	Free  uint64 `json:"free"`
	Total uint64 `json:"total"`
}

// buildReport reads the view; ownerID is the signed-in owner's users id (” for a superuser),
// whose latest test mail it shows.
func buildReport(app core.App, version, ownerID string) (Report, error) {
	r := Report{Version: version, Health: mailHealth(app), CheckedAt: outbox.Stamp(timeNow())}
	var err error
	if r.Mail, err = queue(app, outbox.GuestMailWhere); err != nil {
		return r, err
	}
	if r.Meta, err = queue(app, "kind = 'conversion'"); err != nil {
		return r, err
	}
	r.MetaOff = outbox.MetaSkipReason()
	if r.Failed, err = failedJobs(app); err != nil {
		return r, err
	}
	if ownerID != "" {
		// Through idx_outbox_job (record_collection, record_id, template, …): a look-up by
		// template alone would read every mail job.
		r.TestMail = latest(app, "record_collection = 'users' AND record_id = {:owner} AND template = 'system_test_mail'", dbx.Params{"owner": ownerID})
	}
	r.Alerts = Alerts{Configured: os.Getenv("ALERT_WEBHOOK_URL") != "", Last: latest(app, "kind = 'alert'", nil)}
	r.Backups = backups(app)
	r.Disk = disk(app.DataDir())
	return r, nil
}

func backups(app core.App) Backups {
	dir, _ := filepath.Abs(filepath.Join(app.DataDir(), core.LocalBackupsDirName))
	b := Backups{Where: dir}
	if s3 := app.Settings().Backups.S3; s3.Enabled {
		b.Where = "S3 bucket " + s3.Bucket + " (" + s3.Endpoint + ")"
	}
	fsys, err := app.NewBackupsFilesystem()
	if err != nil {
		b.Error = "the backups could not be opened: " + err.Error()
		return b
	}
	defer fsys.Close()
	files, err := fsys.List("")
	if err != nil {
		b.Error = "the backups could not be listed: " + err.Error()
		return b
	}
	b.Count = len(files)
	for _, f := range files {
		if stamp := outbox.Stamp(f.ModTime); stamp > b.Last {
			b.Last, b.LastName, b.LastSize = stamp, f.Key, f.Size
		}
	}
	return b
}

func disk(dir string) Disk {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return Disk{}
	}
	return Disk{Free: st.Bavail * uint64(st.Bsize), Total: st.Blocks * uint64(st.Bsize)}
}
