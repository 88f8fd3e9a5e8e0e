package main

import (
	"encoding/json"
	"fmt"

	"github.com/dop251/goja"
)

// The waitlist links' side of the rules bundle (hooks/create/waitlist.ts): the types its calls
// read and answer, and the constants server/waitlistlinks.go reads at load.

// WaitlistEntry is an entry as the links' rules read it (hooks/create/waitlist.ts EntryFacts).
type WaitlistEntry struct {
	Status       string `json:"status"`
	EventDate    string `json:"event_date"`
	EventTime    string `json:"event_time"`
	PartySize    int    `json:"party_size"`
	Name         string `json:"name"`
	Email        string `json:"email"`
	Phone        string `json:"phone"`
	Source       string `json:"source"`
	OfferExpires string `json:"offer_expires"`
	OfferedAt    string `json:"offered_at"`
}

// ClaimPlan is planClaimJson's decision: exactly one of Claimed, Refuse and Book is set.
type ClaimPlan struct {
	Claimed bool            `json:"claimed"`
	Refuse  json.RawMessage `json:"refuse"`
	Book    *struct {
		ID     string          `json:"id"`
		Fields map[string]any  `json:"fields"`
		Jobs   json.RawMessage `json:"jobs"`
	} `json:"book"`
}

// waitlistExports are the bundle's constants the links read (hooks/create/waitlist.ts).
type waitlistExports struct {
	notFound     json.RawMessage
	tokenPattern string
	idPattern    string
	liveStatuses []string
	positionSQL  string
}

func readWaitlistExports(exports *goja.Object) (waitlistExports, error) {
	out := waitlistExports{
		tokenPattern: exports.Get("TOKEN_PATTERN").String(),
		idPattern:    exports.Get("RECORD_ID_SOURCE").String(),
		positionSQL:  exports.Get("WAITLIST_POSITION_SQL").String(),
	}
	notFound, err := json.Marshal(exports.Get("WAITLIST_NOT_FOUND").Export())
	if err != nil {
		return out, err
	}
	out.notFound = notFound
	if live, ok := exports.Get("LIVE_WAITLIST_STATUSES").Export().([]any); ok {
		for _, status := range live {
			out.liveStatuses = append(out.liveStatuses, fmt.Sprint(status))
		}
	}
	if len(out.liveStatuses) == 0 || out.positionSQL == "undefined" || out.tokenPattern == "undefined" || out.idPattern == "undefined" || string(out.notFound) == "null" {
		return out, fmt.Errorf("no waitlist exports (LIVE_WAITLIST_STATUSES, WAITLIST_POSITION_SQL, TOKEN_PATTERN, RECORD_ID_SOURCE, WAITLIST_NOT_FOUND)")
	}
	return out, nil
}
