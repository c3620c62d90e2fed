package main

import (
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// defaultMaxRecordSize is the default of -max-record-size: the library's bound on a
// record of any format.
const defaultMaxRecordSize = 64 << 20

// sizeFlag is a flag for a size in bytes: a number with an optional unit, K, M or G
// (or KiB, MiB, GiB; KB, MB, GB: all powers of 1024), in any case.
type sizeFlag int64

func (s *sizeFlag) String() string { return formatSize(int64(*s)) }

func (s *sizeFlag) Set(text string) error {
	n, err := parseSize(text)
	if err != nil {
		return err
	}
	*s = sizeFlag(n)
	return nil
}

// maxRecordSizeUsage is -max-record-size's help, which notate's adds to.
const maxRecordSizeUsage = "the largest record read, `SIZE` in bytes or with K, M or G (1024s): a larger one is invalid (code too-large)"

// addMaxRecordSize adds the flag -max-record-size, the bound on one record's size, to a
// command that reads records.
func addMaxRecordSize(fs *flag.FlagSet) *sizeFlag {
	s := sizeFlag(defaultMaxRecordSize)
	fs.Var(&s, "max-record-size", maxRecordSizeUsage)
	return &s
}

// parseSize reads a size for sizeFlag; it must be 1 byte or more.
func parseSize(text string) (int64, error) {
	t := strings.TrimSpace(strings.ToUpper(text))
	unit := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"KIB", 1 << 10}, {"MIB", 1 << 20}, {"GIB", 1 << 30}, {"KB", 1 << 10}, {"MB", 1 << 20}, {"GB", 1 << 30}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"B", 1}} {
		if strings.HasSuffix(t, u.suffix) {
			t, unit = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n < 1 || n > math.MaxInt64/unit {
		return 0, fmt.Errorf("%q is not a size (64MiB, 500K, 1G, or bytes; 1 or more)", text)
	}
	return n * unit, nil
}

// formatSize writes a size in the largest unit that divides it.
func formatSize(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%dGiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%dMiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%dKiB", n>>10)
	}
	return strconv.FormatInt(n, 10)
}
