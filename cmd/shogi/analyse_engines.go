package main

// What analyse and match share: the flags that start an engine and the engine's log.

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/kifu-go/shogi/usi"
)

// stringList is a flag that may be given several times.
type stringList []string

func (l *stringList) String() string { return strings.Join(*l, " ") }

func (l *stringList) Set(s string) error {
	*l = append(*l, s)
	return nil
}

// engineFlags are the flags that say how to start one engine: the program, its
// arguments, its options and the name it plays under.
type engineFlags struct {
	path    *string
	args    stringList
	options stringList
	name    *string
	// The search deadlines (usi.Config's Margin and MoveTimeout; its defaults when
	// zero): analyse's -margin and -move-timeout. A match gives each move its own.
	margin, moveTimeout time.Duration
}

// addEngineFlags registers the engine flags with a suffix ("" for analyse, "1" and
// "2" for match); note adds to the help of the program's flag.
func addEngineFlags(fs *flag.FlagSet, suffix, which, note string) *engineFlags {
	f := &engineFlags{
		path: fs.String("engine"+suffix, "", "the `PROGRAM` of the "+which+", a USI engine"+note),
		name: fs.String("name"+suffix, "", "the "+which+"'s name in the records; its own (id name) by default"),
	}
	fs.Var(&f.args, "arg"+suffix, "an argument of the "+which+"'s program (repeat for several)")
	fs.Var(&f.options, "option"+suffix, "set one of the "+which+"'s options: `NAME=VALUE`, or NAME for a button (repeat for several)")
	return f
}

// check returns a message for a bad value, or "".
func (f *engineFlags) check(flagName string) string {
	if *f.path == "" {
		return "-" + flagName + ": name the engine's program"
	}
	return ""
}

// engineLog writes every line to and from the engines, one at a time, to a file.
type engineLog struct {
	mu sync.Mutex
	w  io.Writer
}

// hook returns the hook of the engine called label.
func (l *engineLog) hook(label string) func(usi.Direction, string) {
	if l == nil {
		return nil
	}
	return func(d usi.Direction, line string) {
		mark := ">"
		if d == usi.Received {
			mark = "<"
		}
		l.mu.Lock()
		defer l.mu.Unlock()
		fmt.Fprintf(l.w, "%s %s %s %s\n", time.Now().Format("15:04:05.000"), label, mark, line)
	}
}

// start starts the engine, sets its options and gets it ready for a game. label names
// it in errors and in the log.
func (f *engineFlags) start(ctx context.Context, label string, log *engineLog, grace time.Duration) (*usi.Engine, error) {
	e, err := usi.Start(ctx, usi.Config{Path: *f.path, Args: f.args, Name: label, Hook: log.hook(label), Grace: grace,
		Margin: f.margin, MoveTimeout: f.moveTimeout})
	if err != nil {
		return nil, err
	}
	for _, o := range f.options {
		name, value, _ := strings.Cut(o, "=")
		if err := e.SetOption(ctx, strings.TrimSpace(name), strings.TrimSpace(value)); err != nil {
			e.Close()
			return nil, err
		}
	}
	if err := e.IsReady(ctx); err != nil {
		e.Close()
		return nil, err
	}
	return e, nil
}

// openLog opens the engine log named by a -log flag; nil when there is none. It is a
// new file, or with force an existing regular file overwritten; never a file written
// through a symbolic link (createNoFollow, output.go).
func openLog(path string, force bool) (*engineLog, func(), error) {
	if path == "" {
		return nil, func() {}, nil
	}
	f, err := createNoFollow(path, force)
	if err != nil {
		return nil, nil, fmt.Errorf("-log: %w", err)
	}
	return &engineLog{w: f}, func() { f.Close() }, nil
}

// writeOutputFile writes data to path, refusing to overwrite a file unless force.
func writeOutputFile(path string, data []byte, force bool) error {
	return writeNoFollow(path, data, force) // never through a link (output.go)
}
