package jsjson

import (
	"testing"

	"github.com/dop251/goja"
)

// describe writes out everything a parsed value is made of: types, prototypes, own keys in
// order, property flags, -0 and the values, so two parses compare in full.
const describe = `(function describe(v) {
  if (v === null) return 'null';
  if (typeof v === 'number') return Object.is(v, -0) ? 'number:-0' : 'number:' + String(v);
  if (typeof v !== 'object') return typeof v + ':' + JSON.stringify(v);
  var proto = Object.getPrototypeOf(v) === Array.prototype ? 'array' : Object.getPrototypeOf(v) === Object.prototype ? 'object' : 'other';
  var parts = Object.getOwnPropertyNames(v).map(function (k) {
    var d = Object.getOwnPropertyDescriptor(v, k);
    return JSON.stringify(k) + (d.writable ? 'w' : '') + (d.enumerable ? 'e' : '') + (d.configurable ? 'c' : '') + '=' + (k === 'length' && proto === 'array' ? String(v.length) : describe(v[k]));
  });
  return proto + '{' + parts.join(',') + '}';
})`

// both parses text with goja's own JSON.parse and with the fast one installed, in two runtimes,
// and returns what each made of it (or the error each threw).
func both(t *testing.T, text string) (original, fast string) {
	t.Helper()
	run := func(install bool) string {
		vm := goja.New()
		if install {
			if err := Install(vm); err != nil {
				t.Fatal(err)
			}
		}
		fn, err := vm.RunString(`(function (text) { try { return (` + describe + `)(JSON.parse(text)); } catch (e) { return 'threw ' + e.name + ': ' + e.message; } })`)
		if err != nil {
			t.Fatal(err)
		}
		call, _ := goja.AssertFunction(fn)
		out, err := call(goja.Undefined(), vm.ToValue(text))
		if err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	return run(false), run(true)
}

var corpus = []string{
	`{"collection":"reservations","collectionId":"pbc_1","contentType":"application/json","body":"{\"name\":\"Ada\"}","outOfRange":null,"facts":{"events":[],"openTables":[{"kind":"weekly","weekday":5,"time":"7:00 PM","open_tables":true}],"request":{"ip":"1.2.3.4","ua":"Mozilla/5.0","referer":""}}}`,
	`{"id":"abc123def456ghi","name":"Ada Lovelace","email":"ada@example.test","party_size":4,"event_date":"2026-12-04","source":"web"}`,
	`{"a":1,"b":2,"a":3}`, `{"__proto__":{"x":1},"y":2}`, `{"constructor":1,"toString":"x","hasOwnProperty":null}`,
	`[]`, `{}`, ` [ 1 , 2 , [ 3 , { } ] ] `, `[[[[[[[[[[]]]]]]]]]]`, `"text"`, `""`, `true`, `false`, `null`,
	`0`, `-0`, `-0.0`, `1.0`, `1.5`, `-12.25e2`, `1E2`, `1e-7`, `123456789012345678901234567890`, `9007199254740993`,
	`0.1`, `5e-324`, `1.7976931348623157e308`, `1e400`, `-1e400`, `01`, `1.`, `.5`, `-`, `+1`, `1e`, `0x10`, `NaN`, `Infinity`,
	`"é"`, `"\u00e9"`, `"\ud83c\udfb2"`, `"\ud83c"`, `"\udfb2x"`, `"\u0041\u00e9\u4e2d\u0000"`, `"\u12"`, `"\u12G4"`, `"\x"`, `"a\"b"`, "\"é\xff\"", "\"\xe4\xb8\"", `"a\\b"`, `"a\/b"`, `"tab\there"`, "\"raw\ttab\"", "\"\x7f\"", "\"\xff\"",
	`{"k":"v",}`, `[1,]`, `{"k" "v"}`, `{k:1}`, `{"a":1}x`, `{"a":1} `, "\n\t{\"a\" :\r\n 1}\n", `{"a":[1,{"b":[true,false,null]}]}`,
	`tru`, `nul`, `{"a":1`, `[1,2`, `"unterminated`, ``, ` `, `{"":0}`, `{"0":1,"1":2,"a":3,"2":4}`, `{"10":1,"9":2}`,
}

func TestTheFastParseMakesWhatGojasMakes(t *testing.T) {
	for _, text := range corpus {
		if original, fast := both(t, text); original != fast {
			t.Errorf("%q:\n goja %s\n fast %s", text, original, fast)
		}
	}
}

func TestTheFastParseReadsTheRulesTextItself(t *testing.T) {
	vm := goja.New()
	for _, text := range []string{corpus[0], corpus[1], `[1,-2.5,"x",{"a":null}]`} {
		if _, ok := Parse(vm, text); !ok {
			t.Errorf("left to goja: %s", text)
		}
	}
	for _, text := range []string{`"\ud83c\udfb2"`, "\"\xff\"", `1e400`, `{"a":1}x`} {
		if _, ok := Parse(vm, text); ok {
			t.Errorf("read, not left to goja: %s", text)
		}
	}
}

func FuzzTheFastParseMakesWhatGojasMakes(f *testing.F) {
	for _, text := range corpus {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if original, fast := both(t, text); original != fast {
			t.Errorf("%q:\n goja %s\n fast %s", text, original, fast)
		}
	})
}

func BenchmarkParse(b *testing.B) {
	vm := goja.New()
	parse, _ := goja.AssertFunction(vm.Get("JSON").ToObject(vm).Get("parse"))
	text := vm.ToValue(corpus[0])
	b.Run("goja", func(b *testing.B) {
		for b.Loop() {
			_, _ = parse(goja.Undefined(), text)
		}
	})
	b.Run("fast", func(b *testing.B) {
		for b.Loop() {
			Parse(vm, corpus[0])
		}
	})
}
