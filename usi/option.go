package usi

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// OptionType is the type of an engine option, as its option line names it.
type OptionType uint8

// Option types of the USI protocol.
const (
	Check    OptionType = iota + 1 // true or false
	Spin                           // an integer between Min and Max
	Combo                          // one of Vars
	Button                         // no value: setting it triggers an action
	String                         // any text
	Filename                       // a file's path
)

var optionTypeNames = [...]string{Check: "check", Spin: "spin", Combo: "combo", Button: "button",
	String: "string", Filename: "filename"}

func (t OptionType) String() string {
	if int(t) < len(optionTypeNames) && optionTypeNames[t] != "" {
		return optionTypeNames[t]
	}
	return "invalid"
}

// Option is an option the engine offers, from an "option" line of its answer to usi:
//
//	option name USI_Hash type spin default 256 min 1 max 4096
//	option name Style type combo default Normal var Solid var Normal var Risky
//	option name BookFile type string default <empty>
type Option struct {
	Name string
	Type OptionType
	// Default is the default value as the engine wrote it ("" for "<empty>");
	// HasDefault says whether it wrote one. [Option.DefaultBool] and
	// [Option.DefaultInt] read it for check and spin options.
	Default    string
	HasDefault bool
	Min, Max   int64    // the range of a spin option
	Vars       []string // the choices of a combo option
}

// DefaultBool returns the default of a check option: true when it is "true".
func (o Option) DefaultBool() bool { return o.Default == "true" }

// DefaultInt returns the default of a spin option (0 when it has none).
func (o Option) DefaultInt() int64 {
	n, _ := parseInt(o.Default)
	return n
}

// optionKeywords are the words that start the parts of an option line after its type.
var optionKeywords = []string{"default", "min", "max", "var"}

// ParseOption reads an engine's "option" line. A line that is not one, or whose parts
// do not fit its type (a check default other than true or false, a spin without its
// range or with a default outside it, a combo without choices, a word the protocol
// does not have), is a [*SyntaxError] that says where.
func ParseOption(line string) (Option, error) {
	var o Option
	ts := tokens(line)
	if len(ts) == 0 || ts[0].text != "option" {
		return o, syntaxAt(line, 0, "an option line starts with \"option\"")
	}
	if len(ts) < 2 || ts[1].text != "name" {
		return o, syntaxAt(line, endOf(line, ts, 1), "expected \"name\" after \"option\"")
	}
	i := 2
	for i < len(ts) && ts[i].text != "type" {
		i++
	}
	if i == 2 {
		return o, syntaxAt(line, endOf(line, ts, 2), "the option has no name")
	}
	o.Name = line[ts[2].start:ts[i-1].end]
	if i == len(ts) {
		return o, syntaxAt(line, len(line), "expected \"type\" after the option's name")
	}
	if i+1 == len(ts) {
		return o, syntaxAt(line, len(line), "expected the option's type after \"type\"")
	}
	typeTok := ts[i+1]
	for t, name := range optionTypeNames {
		if name != "" && name == typeTok.text {
			o.Type = OptionType(t)
		}
	}
	if o.Type == 0 {
		return o, syntaxAt(line, typeTok.start, fmt.Sprintf("unknown option type %q (want check, spin, combo, button, string or filename)", typeTok.text))
	}
	var seenMin, seenMax bool
	rangeTok, defTok := token{}, token{}
	for i += 2; i < len(ts); {
		key := ts[i]
		if !slices.Contains(optionKeywords, key.text) {
			return o, syntaxAt(line, key.start, fmt.Sprintf("unexpected %q in an option line (want default, min, max or var)", key.text))
		}
		// A string's default runs to the end of the line, whatever words it holds.
		j := i + 1
		if key.text == "default" && (o.Type == String || o.Type == Filename) {
			j = len(ts)
		} else {
			for j < len(ts) && !slices.Contains(optionKeywords, ts[j].text) {
				j++
			}
		}
		value, valueStart := "", key.end
		if j > i+1 {
			value, valueStart = line[ts[i+1].start:ts[j-1].end], ts[i+1].start
		}
		switch key.text {
		case "default":
			if o.HasDefault {
				return o, syntaxAt(line, key.start, "a second default")
			}
			o.HasDefault, o.Default, defTok = true, value, token{value, valueStart, valueStart}
			if value == "<empty>" {
				o.Default = ""
			}
		case "min", "max":
			n, ok := parseInt(value)
			if !ok {
				return o, syntaxAt(line, valueStart, fmt.Sprintf("%s %q is not an integer", key.text, value))
			}
			if !seenMin && !seenMax {
				rangeTok = key
			}
			if key.text == "min" {
				if seenMin {
					return o, syntaxAt(line, key.start, "a second min")
				}
				o.Min, seenMin = n, true
			} else {
				if seenMax {
					return o, syntaxAt(line, key.start, "a second max")
				}
				o.Max, seenMax = n, true
			}
		case "var":
			if value == "" {
				return o, syntaxAt(line, key.end, "a var without a value")
			}
			o.Vars = append(o.Vars, value)
		}
		i = j
	}
	end := len(line)
	switch o.Type {
	case Check:
		if o.HasDefault && o.Default != "true" && o.Default != "false" {
			return o, syntaxAt(line, defTok.start, fmt.Sprintf("a check option's default is true or false, not %q", o.Default))
		}
	case Spin:
		if !seenMin || !seenMax {
			return o, syntaxAt(line, end, "a spin option needs min and max")
		}
		if o.Min > o.Max {
			return o, syntaxAt(line, rangeTok.start, fmt.Sprintf("min %d is above max %d", o.Min, o.Max))
		}
		if o.HasDefault {
			n, ok := parseInt(o.Default)
			if !ok {
				return o, syntaxAt(line, defTok.start, fmt.Sprintf("a spin option's default %q is not an integer", o.Default))
			}
			if n < o.Min || n > o.Max {
				return o, syntaxAt(line, defTok.start, fmt.Sprintf("default %d is outside %d–%d", n, o.Min, o.Max))
			}
		}
	case Combo:
		if len(o.Vars) == 0 {
			return o, syntaxAt(line, end, "a combo option needs at least one var")
		}
	case Button:
		if o.HasDefault {
			return o, syntaxAt(line, defTok.start, "a button has no default")
		}
	}
	if o.Type != Spin && (seenMin || seenMax) {
		return o, syntaxAt(line, rangeTok.start, "only a spin option has min and max")
	}
	if o.Type != Combo && len(o.Vars) > 0 {
		return o, syntaxAt(line, end, "only a combo option has vars")
	}
	return o, nil
}

// endOf returns the byte offset after token i-1, or the start of the line.
func endOf(line string, ts []token, i int) int {
	if i == 0 || i > len(ts) {
		return len(line)
	}
	return ts[i-1].end
}

// String returns the option as an engine writes it in its answer to usi.
func (o Option) String() string {
	var b strings.Builder
	b.WriteString("option name ")
	b.WriteString(o.Name)
	b.WriteString(" type ")
	b.WriteString(o.Type.String())
	if o.HasDefault {
		b.WriteString(" default ")
		if o.Default == "" {
			b.WriteString("<empty>")
		} else {
			b.WriteString(o.Default)
		}
	}
	if o.Type == Spin {
		fmt.Fprintf(&b, " min %d max %d", o.Min, o.Max)
	}
	for _, v := range o.Vars {
		b.WriteString(" var ")
		b.WriteString(v)
	}
	return b.String()
}

// CheckValue returns an error wrapping [ErrOptionValue] when value is not a value of
// the option: true or false for a check, an integer in range for a spin, one of the
// choices for a combo, nothing for a button, and no line break in any.
func (o Option) CheckValue(value string) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s: "+format, append([]any{ErrOptionValue, o.Name}, args...)...)
	}
	if strings.ContainsAny(value, "\r\n") {
		return bad("the value holds a line break")
	}
	switch o.Type {
	case Check:
		if value != "true" && value != "false" {
			return bad("%q is not true or false", value)
		}
	case Spin:
		n, err := strconv.ParseInt(value, 10, 64)
		if err != nil {
			return bad("%q is not an integer", value)
		}
		if n < o.Min || n > o.Max {
			return bad("%d is outside %d–%d", n, o.Min, o.Max)
		}
	case Combo:
		if !slices.Contains(o.Vars, value) {
			return bad("%q is not one of %s", value, strings.Join(o.Vars, ", "))
		}
	case Button:
		if value != "" {
			return bad("a button takes no value")
		}
	}
	return nil
}
