package main

import (
	"encoding/json"
	"fmt"
	"strconv"
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
// records: each row is read with its shape's columns only and written from it.
type syncPull struct {
	rules *createRules
}

// syncExports are the bundle's constants the pull reads.
type syncExports struct {
	notAdmin   json.RawMessage
	tombstones string
	// busy is the staff changes' 503 words (hooks/create/staff-changes.ts STAFF_CHANGES_BUSY).
	busy   string
	window []syncWindow
	shapes map[string][]syncField
}

// syncWindow is one collection's full-window SQL condition and order, in the answer's order.
type syncWindow struct {
	collection, where, orderBy string
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
		// No JS VM serves it: it never waits at the hooks' gate.
		se.Router.GET("/api/admin/sync", (&syncPull{rules: rules}).serve).Bind(apis.Gzip()).Unbind(hooksGateID)
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
		where, order, params := w.where, w.orderBy, dbx.Params{"from": plan.Window.From, "to": plan.Window.To}
		if !plan.Full {
			where, order, params = "updated > {:since}", "updated", dbx.Params{"since": since}
		}
		records, err := p.records(app, w.collection, where, order, params)
		if err != nil {
			return nil, err
		}
		answer[w.collection] = records
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

// records are a collection's rows as the tablet receives them: the id and the shape's fields,
// typed, read column by column with one query (no record models: a pull reads hundreds of rows).
func (p *syncPull) records(app core.App, collection, where, order string, params dbx.Params) ([]map[string]any, error) {
	fields := p.rules.sync.shapes[collection]
	columns := "id"
	for _, f := range fields {
		columns += ", [[" + f.name + "]]"
	}
	rows, err := app.DB().NewQuery("SELECT " + columns + " FROM {{" + collection + "}} WHERE " + where + " ORDER BY " + order).Bind(params).Rows()
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []map[string]any{}
	values := make([]any, len(fields)+1)
	into := make([]any, len(values))
	for i := range values {
		into[i] = &values[i]
	}
	for rows.Next() {
		if err := rows.Scan(into...); err != nil {
			return nil, err
		}
		record := make(map[string]any, len(values))
		record["id"] = textOf(values[0])
		for i, f := range fields {
			record[f.name] = typed(f.kind, values[i+1])
		}
		out = append(out, record)
	}
	return out, rows.Err()
}

// typed is a column's value as its shape says ('i' whole number, 'b' true/false, else text), read
// as PocketBase's record getters read it (a number column may hold 4 or 4.0, a bool one 1 or 0).
func typed(kind string, v any) any {
	switch kind {
	case "i":
		switch n := v.(type) {
		case int64:
			return int(n)
		case float64:
			return int(n)
		default:
			f, _ := strconv.ParseFloat(textOf(v), 64)
			return int(f)
		}
	case "b":
		switch b := v.(type) {
		case int64:
			return b != 0
		case float64:
			return b != 0
		case bool:
			return b
		default:
			text := textOf(v)
			return text == "1" || text == "true"
		}
	default:
		return textOf(v)
	}
}

func textOf(v any) string {
	switch t := v.(type) {
	case nil:
		return ""
	case string:
		return t
	case []byte:
		return string(t)
	default:
		return fmt.Sprint(t)
	}
}

func readSyncExports(exports *goja.Object) (syncExports, error) {
	out := syncExports{tombstones: exports.Get("SYNC_TOMBSTONES_SQL").String(), busy: exports.Get("STAFF_CHANGES_BUSY").String(), shapes: map[string][]syncField{}}
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
	if string(out.notAdmin) == "null" || len(out.window) == 0 || len(out.shapes) < len(out.window) || out.tombstones == "undefined" || out.busy == "undefined" {
		return out, fmt.Errorf("no staff sync exports (SYNC_NOT_ADMIN, SYNC_WINDOW, SYNC_SHAPES, SYNC_TOMBSTONES_SQL, STAFF_CHANGES_BUSY)")
	}
	return out, nil
}
