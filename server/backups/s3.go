package backups

import (
	"fmt"
	"os"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// s3Env are the variables that send backups to S3-compatible storage instead of pb_data/backups.
var s3Env = []string{"BACKUP_S3_BUCKET", "BACKUP_S3_REGION", "BACKUP_S3_ENDPOINT", "BACKUP_S3_ACCESS_KEY", "BACKUP_S3_SECRET"}

// S3FromEnv is the storage the environment asks for: ok false when BACKUP_S3_BUCKET is unset
// (backups stay local); an error when it is set and another required variable is not.
func S3FromEnv(getenv func(string) string) (core.S3Config, bool, error) {
	if getenv("BACKUP_S3_BUCKET") == "" {
		return core.S3Config{}, false, nil
	}
	var missing []string
	for _, key := range s3Env {
		if strings.TrimSpace(getenv(key)) == "" {
			missing = append(missing, key)
		}
	}
	if len(missing) > 0 {
		return core.S3Config{}, false, fmt.Errorf("BACKUP_S3_BUCKET is set but %s is not", strings.Join(missing, ", "))
	}
	style := strings.ToLower(strings.TrimSpace(getenv("BACKUP_S3_FORCE_PATH_STYLE")))
	if style != "" && style != "true" && style != "false" && style != "1" && style != "0" {
		return core.S3Config{}, false, fmt.Errorf("BACKUP_S3_FORCE_PATH_STYLE must be true or false, not %q", style)
	}
	return core.S3Config{
		Enabled:        true,
		Bucket:         strings.TrimSpace(getenv("BACKUP_S3_BUCKET")),
		Region:         strings.TrimSpace(getenv("BACKUP_S3_REGION")),
		Endpoint:       strings.TrimSpace(getenv("BACKUP_S3_ENDPOINT")),
		AccessKey:      strings.TrimSpace(getenv("BACKUP_S3_ACCESS_KEY")),
		Secret:         getenv("BACKUP_S3_SECRET"),
		ForcePathStyle: style == "true" || style == "1",
	}, true, nil
}

// applyS3 writes the environment's S3 storage into PocketBase's backup settings at start-up
// (settings.backups.s3: PocketBase's CreateBackup, RestoreBackup and dashboard all use it). Saved
// only when it differs, so a start writes nothing twice; the environment wins over the dashboard.
func applyS3(app core.App) error {
	cfg, ok, err := S3FromEnv(os.Getenv)
	if err != nil || !ok {
		return err
	}
	settings := app.Settings()
	if settings.Backups.S3 == cfg {
		return nil
	}
	settings.Backups.S3 = cfg
	return app.Save(settings)
}
