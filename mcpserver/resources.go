package mcpserver

import (
	"context"
	"fmt"
	"io/fs"

	"github.com/marketingfork/fork/skill"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The resources' URIs.
const (
	// ResourceProfiles is the profile catalog as JSON.
	ResourceProfiles = "marketingfork://profiles"
	// ResourceLayers is the language layers as JSON.
	ResourceLayers = "marketingfork://layers"
	// ResourceSkill is the agent skill's SKILL.md: how to fork a page with
	// these tools.
	ResourceSkill = "marketingfork://skill"
)

// addResources registers the three resources.
func (s *server) addResources(srv *mcp.Server) {
	for _, r := range []struct {
		uri, name, title, description, mime, text string
	}{
		{ResourceProfiles, "profiles", "Audience profiles", "The audience profiles a fork can target, with each one's pattern, strategies and words to prefer and avoid.", "application/json", s.profilesJSON},
		{ResourceLayers, "layers", "Language layers", "The four language layers and their measurable rules.", "application/json", s.layersJSON},
		{ResourceSkill, "skill", "Marketing Fork skill", "The marketing-fork agent skill (SKILL.md): how to fork a landing page with these tools, step by step, and the rules that never bend. Its references are the profiles and layers resources.", "text/markdown", s.skill},
	} {
		text := r.text
		srv.AddResource(&mcp.Resource{
			URI: r.uri, Name: r.name, Title: r.title, Description: r.description, MIMEType: r.mime, Size: int64(len(text)),
		}, func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: r.mime, Text: text}}}, nil
		})
	}
}

// skillText returns the agent skill's SKILL.md as the binary embeds it.
func skillText() (string, error) {
	b, err := fs.ReadFile(skill.Files(), skill.SkillPath)
	if err != nil {
		return "", fmt.Errorf("mcpserver: read the skill: %w", err)
	}
	return string(b), nil
}
