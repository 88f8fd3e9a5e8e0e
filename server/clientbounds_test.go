package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// testBound stands for the 30 s of the shared rules, so a test waits seconds, not minutes.
const testBound = 2 * time.Second

// boundsServer is PocketBase's router with the client bounds on a real listener (deadlines need
// one), plus /slow-answer, which reads its body and answers after `after`, and /hold, which
// says so on `arrived` and answers once `release` is called (at the end of the test at the latest).
func boundsServer(t *testing.T, maxOpen int, after time.Duration) (srv *httptest.Server, bounds *clientBounds, release func(), arrived chan string) {
	t.Helper()
	held := make(chan struct{})
	arrived = make(chan string, 16)
	var once sync.Once
	release = func() { once.Do(func() { close(held) }) }
	app := newTestApp(t)
	bounds = &clientBounds{bodyWithin: testBound, maxOpen: maxOpen, tooSlow: "too slow words", tooMany: "too many words"}
	app.Settings().TrustedProxy.Headers = []string{"X-Forwarded-For"}
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		bounds.bind(se)
		se.Router.POST("/slow-answer", func(e *core.RequestEvent) error {
			body, err := io.ReadAll(e.Request.Body)
			if err != nil {
				return err
			}
			time.Sleep(after)
			// Past the bound after the body: the request must still be alive.
			return e.JSON(http.StatusOK, map[string]any{"body": string(body), "canceled": e.Request.Context().Err() != nil})
		})
		se.Router.GET("/hold", func(e *core.RequestEvent) error {
			arrived <- e.RealIP()
			<-held
			return e.String(http.StatusOK, "released")
		})
		return se.Next()
	})
	srv = httptest.NewServer(serveTestApp(t, app))
	t.Cleanup(srv.Close)
	t.Cleanup(release) // before the server's close, which waits for the held requests
	return srv, bounds, release, arrived
}

// dribble sends the request's head, then its body a byte a second (a chunk a second if chunked)
// until the server stops taking it or `stop` closes; it returns the answer and when it came.
func dribble(t *testing.T, srv *httptest.Server, chunked bool, stop chan struct{}) (*http.Response, time.Duration, net.Conn) {
	t.Helper()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	head := "POST /slow-answer HTTP/1.1\r\nHost: venue.test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
	if chunked {
		head = "POST /slow-answer HTTP/1.1\r\nHost: venue.test\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
	}
	start := time.Now()
	if _, err := io.WriteString(conn, head); err != nil {
		t.Fatal(err)
	}
	go func() {
		for {
			piece := " "
			if chunked {
				piece = "1\r\n \r\n"
			}
			if _, err := io.WriteString(conn, piece); err != nil {
				return
			}
			select {
			case <-stop:
				return
			case <-time.After(time.Second):
			}
		}
	}()
	_ = conn.SetReadDeadline(time.Now().Add(testBound + 10*time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer to a dribbled body after %s: %v", time.Since(start), err)
	}
	return res, time.Since(start), conn
}

func messageOf(t *testing.T, res *http.Response) string {
	t.Helper()
	var body struct{ Message string }
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	return body.Message
}

func TestBodyDribbledAByteASecondIsCutAtTheBound(t *testing.T) {
	srv, _, _, _ := boundsServer(t, 64, 0)
	for _, chunked := range []bool{false, true} {
		stop := make(chan struct{})
		res, took, conn := dribble(t, srv, chunked, stop)
		if res.StatusCode != http.StatusRequestTimeout || messageOf(t, res) != "too slow words" {
			t.Fatalf("chunked %v: answered %d, want 408 with the shared message", chunked, res.StatusCode)
		}
		if took < testBound || took > testBound+1500*time.Millisecond {
			t.Errorf("chunked %v: answered after %s, want just after the %s bound", chunked, took, testBound)
		}
		// The connection is closed, not kept for the next request.
		_ = conn.SetReadDeadline(time.Now().Add(2 * time.Second))
		if n, err := conn.Read(make([]byte, 1)); err == nil || isTimeout(err) {
			t.Errorf("chunked %v: the connection stayed open after the 408 (read %d, %v)", chunked, n, err)
		}
		close(stop)
	}
}

func isTimeout(err error) bool {
	ne, ok := err.(net.Error)
	return ok && ne.Timeout()
}

func TestBodyInTimeIsReadAndTheAnswerMayTakeLonger(t *testing.T) {
	srv, _, _, _ := boundsServer(t, 64, testBound+500*time.Millisecond)
	client := srv.Client()
	for round := 0; round < 2; round++ { // the second on the kept-alive connection, after it idled past the bound
		res, err := client.Post(srv.URL+"/slow-answer", "application/json", strings.NewReader(`{"name":"Ada"}`))
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			Body     string
			Canceled bool
		}
		if err := json.NewDecoder(res.Body).Decode(&got); err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("round %d: answered %d (%v)", round, res.StatusCode, err)
		}
		res.Body.Close()
		if got.Body != `{"name":"Ada"}` || got.Canceled {
			t.Errorf("round %d: the handler read %q, request canceled: %v; want the body and a live request past the bound", round, got.Body, got.Canceled)
		}
		if round == 0 {
			time.Sleep(testBound + 500*time.Millisecond)
		}
	}
}

func TestNormalCreateStillWorks(t *testing.T) {
	srv, _, _, _ := boundsServer(t, 64, 0)
	body := `{"email":"guest@example.test","password":"a-long-password-1","passwordConfirm":"a-long-password-1"}`
	res, err := http.Post(srv.URL+"/api/collections/users/records", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	answer, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK || !strings.Contains(string(answer), `"collectionName":"users"`) {
		t.Fatalf("create answered %d: %s", res.StatusCode, answer)
	}
}

// getAs asks `path` as the client at `ip` (the trusted proxy header), on a connection of its own.
func getAs(srv *httptest.Server, path, ip string) (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
	req.Header.Set("X-Forwarded-For", ip)
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 15 * time.Second}
	return client.Do(req)
}

func TestOpenRequestsPerAddressAreCapped(t *testing.T) {
	srv, bounds, release, arrived := boundsServer(t, 3, 0)
	held := make(chan *http.Response, 8)
	holdAs := func(ips ...string) {
		for _, ip := range ips {
			go func() {
				res, err := getAs(srv, "/hold", ip)
				if err != nil {
					t.Error(err)
				}
				held <- res
			}()
		}
		for range ips {
			select {
			case <-arrived:
			case <-time.After(5 * time.Second):
				t.Fatal("a request to hold never reached its handler")
			}
		}
	}
	// refusedAs expects the next request from `ip` answered at once: 429, the shared message, closed.
	refusedAs := func(ip string) {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/hold", nil)
		req.Header.Set("X-Forwarded-For", ip)
		client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 3 * time.Second}
		res, err := client.Do(req)
		if err != nil {
			t.Fatalf("one more request from %s: %v (admitted and held instead of refused)", ip, err)
		}
		if res.StatusCode != http.StatusTooManyRequests || messageOf(t, res) != "too many words" || !res.Close {
			t.Fatalf("one more request from %s answered %d (close %v), want 429 with the shared message, connection closed", ip, res.StatusCode, res.Close)
		}
	}
	holdAs("203.0.113.7", "203.0.113.7", "203.0.113.7")
	// The realtime stream of a staff tablet at another address is one of its own open requests.
	stream, err := getAs(srv, "/api/realtime", "198.51.100.2")
	if err != nil || stream.StatusCode != http.StatusOK {
		t.Fatalf("realtime: %v %v", stream, err)
	}
	t.Cleanup(func() { stream.Body.Close() }) // before the server's close, which waits for it
	refusedAs("203.0.113.7")

	// Other addresses are served meanwhile; an IPv6 address counts with the rest of its /64.
	holdAs("203.0.113.8", "2001:db8::1", "2001:db8::2", "2001:db8::3")
	refusedAs("2001:db8::ffff")
	holdAs("2001:db8:0:1::1")

	// The held requests and the stream were not cut by the refusals: released, they answer.
	release()
	for i := 0; i < 3+5; i++ {
		if res := <-held; res == nil || res.StatusCode != http.StatusOK {
			t.Fatalf("a held request answered %v", res)
		}
	}
	line, err := bufio.NewReader(stream.Body).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "id:") {
		t.Errorf("the realtime stream: %q %v", line, err)
	}
	stream.Body.Close()
	// Answered, they no longer count: the address is served again.
	waitFor(t, func() bool { return bounds.openOf("203.0.113.7") == 0 })
	if res, err := getAs(srv, "/hold", "203.0.113.7"); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("after the others answered: %v %v", res, err)
	}
}

func TestRealtimeStreamOutlivesTheBound(t *testing.T) {
	srv, _, _, _ := boundsServer(t, 64, 0)
	stream, err := getAs(srv, "/api/realtime", "198.51.100.3")
	if err != nil || stream.StatusCode != http.StatusOK {
		t.Fatalf("realtime: %v %v", stream, err)
	}
	defer stream.Body.Close()
	lines := make(chan error, 1)
	go func() {
		reader := bufio.NewReader(stream.Body)
		for {
			if _, err := reader.ReadString('\n'); err != nil {
				lines <- err
				return
			}
		}
	}()
	select {
	case err := <-lines:
		t.Fatalf("the realtime stream ended within the bound's %s and 2 s: %v", testBound, err)
	case <-time.After(testBound + 2*time.Second):
	}
}

func TestSharedBoundsAreReadFromTheHooksBundle(t *testing.T) {
	bounds, err := loadClientBounds("../pb_hooks/lib/backend.js")
	if err != nil {
		t.Fatal(err)
	}
	if bounds.bodyWithin != 30*time.Second || !strings.Contains(bounds.tooSlow, "30 seconds") || bounds.tooMany == "" || bounds.maxOpen != defaultMaxOpenPerIP {
		t.Errorf("read %+v", bounds)
	}
}

func (c *clientBounds) openOf(key string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.open[key]
}

func waitFor(t *testing.T, done func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if done() {
			return
		}
	}
	t.Fatal(fmt.Errorf("not reached within 5 s"))
}
