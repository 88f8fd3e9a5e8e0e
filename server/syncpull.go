package main

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/dop251/goja"
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"venue/server/backups"
)

// The staff tablet's pull (issue 25; issue 33 moved it to Go): GET /api/admin/sync?since=&generation=,
// staff only (403 for anyone else), never cached, gzipped. Which records, the window, the cursor and
// whether the answer is full are the rules bundle's (hooks/create/sync.ts: planPullJson,
// SYNC_WINDOW, SYNC_SHAPES, the hooks' own shapes); here are the reads. No JS VM runs for the
// records: each is written from its collection's shape.
type syncPull struct {
	rules *createRules
}

// syncExports are the bundle's constants the pull reads.
type syncExports struct {
	notAdmin   json.RawMessage
	tombstones string
	window     []syncWindow
	shapes     map[string][]syncField
}

// syncWindow is one collection's full-window filter and sort, in the answer's order.
type syncWindow struct {
	collection, filter, sort string
}

// syncField is a field the tablet keeps and its type: 's' text, 'i' whole number, 'b' true/false.
type syncField struct {
	name, kind string
}

// pullPlan is planPullJson's reply: Error (a 400's words), or the cursor, window and fullness.
type pullPlan struct {
	Error  string `json:"error"`
	Cursor string `json:"cursor"`
	Window struct {
		From string `json:"from"`
		To   string `json:"to"`
	} `json:"window"`
	Full bool `json:"full"`
}

type tombstone struct {
	Collection string `db:"record_collection" json:"collection"`
	ID         string `db:"record_id" json:"id"`
	At         string `db:"created" json:"at"`
}

func registerSyncPull(app core.App, hooksDir string) {
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		rules, err := rulesIn(hooksDir)
		if err != nil {
			return fmt.Errorf("staff sync: %w", err)
		}
		se.Router.GET("/api/admin/sync", (&syncPull{rules: rules}).serve).Bind(apis.Gzip())
		return se.Next()
	})
}

// mayPull: a superuser, or a `users` account holding the admin row (the collections' ADMIN rule).
func mayPull(e *core.RequestEvent) bool {
	if e.HasSuperuserAuth() {
		return true
	}
	return e.Auth != nil && e.Auth.Collection().Name == "users" && isStaff(e.App, e.Auth.Id)
}

func (p *syncPull) serve(e *core.RequestEvent) error {
	e.Response.Header().Set("Cache-Control", "no-store")
	if !mayPull(e) {
		return e.JSON(403, p.rules.sync.notAdmin)
	}
	query := e.Request.URL.Query()
	generation := backups.Generation(e.App.DataDir())
	plan, err := callRules[pullPlan](p.rules, "planPullJson", map[string]any{
		"since": query.Get("since"), "generation": query.Get("generation"), "now": isoInstant(time.Now()), "current": generation,
	})
	if err != nil {
		return err
	}
	if plan.Error != "" {
		return e.JSON(400, map[string]any{"status": 400, "message": plan.Error, "data": map[string]any{}})
	}
	answer, err := p.answer(e.App, plan, query.Get("since"), generation)
	if err != nil {
		return err
	}
	return e.JSON(200, answer)
}

// answer is the pull's body: the plan, every kept collection's records (the window's, or those
// updated after `since`) and the deletes after `since`.
func (p *syncPull) answer(app core.App, plan pullPlan, since string, generation int64) (map[string]any, error) {
	answer := map[string]any{"cursor": plan.Cursor, "window": plan.Window, "full": plan.Full, "generation": generation}
	for _, w := range p.rules.sync.window {
		filter, sort, params := w.filter, w.sort, dbx.Params{"from": plan.Window.From, "to": plan.Window.To}
		if !plan.Full {
			filter, sort, params = "updated > {:since}", "updated", dbx.Params{"since": since}
		}
		records, err := app.FindRecordsByFilter(w.collection, filter, sort, 0, 0, params)
		if err != nil {
			return nil, err
		}
		shaped := make([]map[string]any, len(records))
		for i, r := range records {
			shaped[i] = p.shape(w.collection, r)
		}
		answer[w.collection] = shaped
	}
	deleted := []tombstone{}
	if !plan.Full {
		if err := app.DB().NewQuery(p.rules.sync.tombstones).Bind(dbx.Params{"since": since}).All(&deleted); err != nil {
			return nil, err
		}
	}
	answer["deleted"] = deleted
	return answer, nil
}

// shape is a record as the tablet receives it: its id and its collection's kept fields, typed.
func (p *syncPull) shape(collection string, r *core.Record) map[string]any {
	fields := p.rules.sync.shapes[collection]
	out := make(map[string]any, len(fields)+1)
	out["id"] = r.Id
	for _, f := range fields {
		switch f.kind {
		case "i":
			out[f.name] = r.GetInt(f.name)
		case "b":
			out[f.name] = r.GetBool(f.name)
		default:
			out[f.name] = r.GetString(f.name)
		}
	}
	return out
}

func readSyncExports(exports *goja.Object) (syncExports, error) {
	out := syncExports{tombstones: exports.Get("SYNC_TOMBSTONES_SQL").String(), shapes: map[string][]syncField{}}
	notAdmin, err := json.Marshal(exports.Get("SYNC_NOT_ADMIN").Export())
	if err != nil {
		return out, err
	}
	out.notAdmin = notAdmin
	if window, ok := exports.Get("SYNC_WINDOW").Export().([]any); ok {
		for _, entry := range window {
			if parts, ok := entry.([]any); ok && len(parts) == 3 {
				out.window = append(out.window, syncWindow{fmt.Sprint(parts[0]), fmt.Sprint(parts[1]), fmt.Sprint(parts[2])})
			}
		}
	}
	// The shapes keep their fields' order: goja's Keys() is the object's own order.
	if shapes := exports.Get("SYNC_SHAPES"); shapes != nil && !goja.IsUndefined(shapes) {
		all := shapes.(*goja.Object)
		for _, collection := range all.Keys() {
			shape := all.Get(collection).(*goja.Object)
			for _, field := range shape.Keys() {
				out.shapes[collection] = append(out.shapes[collection], syncField{field, shape.Get(field).String()})
			}
		}
	}
	if string(out.notAdmin) == "null" || len(out.window) == 0 || len(out.shapes) < len(out.window) || out.tombstones == "undefined" {
		return out, fmt.Errorf("no staff sync exports (SYNC_NOT_ADMIN, SYNC_WINDOW, SYNC_SHAPES, SYNC_TOMBSTONES_SQL)")
	}
	return out, nil
}
