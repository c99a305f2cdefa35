package migrate

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

func TestLoad(t *testing.T) {
	tests := []struct {
		name    string
		files   fstest.MapFS
		want    []Step
		wantErr string
	}{
		{
			name: "name order",
			files: fstest.MapFS{
				"m/0002_two.sql": {Data: []byte("B")},
				"m/0001_one.sql": {Data: []byte("A")},
			},
			want: []Step{{"0001_one", "A"}, {"0002_two", "B"}},
		},
		{
			name:    "misnamed file",
			files:   fstest.MapFS{"m/0001_one.sql": {}, "m/2_two.sql": {}},
			wantErr: `"2_two.sql"`,
		},
		{
			name:    "empty directory",
			files:   fstest.MapFS{"m/.keep": {}},
			wantErr: "0001_name.sql",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Load(tt.files, "m")
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Load: got %v; want an error naming %s", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Load (-want +got):\n%s", diff)
			}
		})
	}
}

func TestPending(t *testing.T) {
	steps := []Step{{"0001_a", ""}, {"0002_b", ""}, {"0003_c", ""}}
	got, err := Pending(steps, map[string]bool{"0001_a": true})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]Step{{"0002_b", ""}, {"0003_c", ""}}, got); diff != "" {
		t.Errorf("Pending (-want +got):\n%s", diff)
	}
	if got, err := Pending(steps, map[string]bool{"0001_a": true, "0002_b": true, "0003_c": true}); err != nil || len(got) != 0 {
		t.Errorf("Pending when all applied: got %v, %v; want none", got, err)
	}
	if _, err := Pending(steps, map[string]bool{"0009_newer": true}); err == nil || !strings.Contains(err.Error(), "0009_newer") {
		t.Errorf("Pending with an unknown applied migration: got %v; want an error naming it", err)
	}
}
